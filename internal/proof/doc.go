// Package proof holds what proving a course's answers needs beyond the
// solver itself: a cache of proven results kept between runs (Cache), and
// the sizes a budget is written in (ParseSize).
package proof
