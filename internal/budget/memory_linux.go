package budget

import "syscall"

// Memory returns the machine's memory in bytes, or 0 when it cannot be
// read.
func Memory() int64 {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return 0
	}
	return int64(info.Totalram) * int64(info.Unit)
}
