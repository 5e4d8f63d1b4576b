// Package mdtext is lesson Markdown as the outputs write it: parsed with
// the spans of its links, its unsafe links dropped (SafeLinks), its links
// and raw HTML as out/md writes them (Edit), and the sizes it comes to
// (Size); it imports nothing of ours but render/safelink.
package mdtext
