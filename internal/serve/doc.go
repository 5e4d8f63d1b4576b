// Package serve is the preview loop of "nostromo-lessons serve": a Server
// that serves the last good build of a course over HTTP and tells the open
// pages to reload when a new build is done, and Watch, which reports when
// anything in the course folder changed, and a Rebuilder, which builds
// the course again each time, stopping the build under way.
package serve

// Listen makes its listeners, on the addresses asked for only and with a
// shared limit of connections; the Server limits the event streams and
// refuses peers outside this computer or, with AllowLAN, its local network.
//
// The reload script, the "proving..." line and the list of problems are
// added to HTML pages as they are served; the files of the build are never
// changed, so a served folder stays what "build" would have written.
//
// With SetClass (serve --class), a Classroom stores what the children's
// pages send under ClassPath (local-network peers only, the course's own
// exercise keys, limits on sizes and rates) in the class's file, adds the
// class script to the pages as served, and shows the class view to this
// computer only.
