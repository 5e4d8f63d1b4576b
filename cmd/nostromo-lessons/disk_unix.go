//go:build linux || darwin || freebsd

package main

import "syscall"

// statfsFree returns the bytes free for an unprivileged user on the file
// system of folder dir, or -1 when statfs fails.
func statfsFree(dir string) int64 {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return -1
	}
	return int64(st.Bavail) * int64(st.Bsize)
}
