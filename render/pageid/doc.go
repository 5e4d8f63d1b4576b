// Package pageid names a lesson's output files: its page id, made from its
// file name, and the names the renderer's other output files take, which
// no page id may take; it imports nothing of ours.
package pageid
