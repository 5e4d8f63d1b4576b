// Package publish is the one place that writes files: it publishes a build
// into the output folder atomically (Folder), writes a single file by one
// rule per kind of target (WriteFile) and copies a file system into a new
// folder (CopyFS).
package publish

// Every command that writes goes through it, so the rules for what may be
// replaced, and how, live in one place: a regular file is replaced by a
// rename, a device or FIFO is written into, a symbolic link is never
// replaced nor followed to a regular file, and the output folder is swapped
// in one step where the system allows, under a lock.
