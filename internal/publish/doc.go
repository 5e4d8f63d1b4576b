// Package publish is the one place that writes files: it publishes a build
// into the output folder atomically (Folder), writes a single file
// atomically (WriteFile) and copies a file system into a folder (CopyFS).
//
// Every command that writes goes through it, so the rules for what may be
// replaced, and how, live in one place.
package publish
