package solver

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the tables of slab with transparent
// huge pages where the block covers whole ones (madvise MADV_HUGEPAGE; it
// takes effect when the system's setting is "madvise" or "always").
// Building tables writes all over fresh memory, and with 4 KB pages each
// first write to a page faults: on virtual machines that cost about a
// seventh of a cold solve. The advice is only a hint, and its failure
// harmless, so the error is ignored.
func adviseHugePages[T table | value](slab []T) {
	if len(slab) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&slab[0])), len(slab)*int(unsafe.Sizeof(slab[0])))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
