// Package class keeps a classroom's work, the children's names, answers and games and the lessons marked for today, in one SQLite file a class in the user's data folder.
package class

// A class is one file, such as
// ~/.local/share/nostromo-lessons/classes/COURSE/NAME.db (Path), never in
// the course folder. Its write-ahead log is on and every transaction is
// synchronous (synchronous=FULL): once Store.AddAnswer returns, the answer
// survives a kill or a power cut. Each answer and game carries an id made
// in the browser, so a resend is stored once. The schema's version is the
// database's user_version; Open migrates a file of any earlier version,
// from the first on.
