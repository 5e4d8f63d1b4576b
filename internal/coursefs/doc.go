// Package coursefs opens a course folder as a file system that cannot leave
// it, refuses what is not a regular file and reads each file through its
// size limit.
package coursefs
