// Package proof holds what proving a course's answers needs beyond the
// solver itself: a cache of proven results kept between runs (Cache).
package proof
