package class

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Store is an open class file. Its methods are safe for concurrent use:
// they share one connection, so that writes never wait on each other's
// locks, and another process (the class command while serve runs) waits
// for the file's lock up to BusyWait. Every transaction takes the write
// lock when it begins (BEGIN IMMEDIATE): a transaction that read first and
// then wrote would fail at once with SQLITE_BUSY while another process
// writes, rather than wait (TestConcurrent).
type Store struct {
	db   *sql.DB
	path string
	now  func() time.Time // the time an answer is stored at; the tests fix it
}

// BusyWait is how long a Store waits for another process's lock on the
// file before it gives up.
const BusyWait = 10 * time.Second

// ErrFull is the error of a write that found the disk full.
var ErrFull = errors.New("class: the disk is full")

// ErrNoClass is the error of OpenExisting for a class that has no file.
var ErrNoClass = errors.New("class: no such class")

// Open opens the class file path, making it and its folder when there is
// none, and migrates it to the current schema (Version).
func Open(ctx context.Context, path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("class: %w", err)
	}
	return open(ctx, path)
}

// OpenExisting opens the class file path, as Open does, but makes none:
// for a path without a file its error wraps ErrNoClass.
func OpenExisting(ctx context.Context, path string) (*Store, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNoClass, path)
	}
	return open(ctx, path)
}

func open(ctx context.Context, path string) (*Store, error) {
	dsn := path + "?_pragma=busy_timeout(" + fmt.Sprint(BusyWait.Milliseconds()) + ")" +
		"&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("class: %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	s := &Store{db: db, path: path, now: time.Now}
	if err := s.check(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := migrate(ctx, db, path); err != nil {
		db.Close()
		return nil, s.wrap(err)
	}
	return s, nil
}

// check makes sure the file is a database in write-ahead-log mode and
// intact (PRAGMA quick_check).
func (s *Store) check(ctx context.Context) error {
	var mode string
	if err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		return s.wrap(fmt.Errorf("class: %s: %w", s.path, err))
	}
	if mode != "wal" {
		return fmt.Errorf("class: %s: journal mode %q, want wal", s.path, mode)
	}
	var ok string
	if err := s.db.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&ok); err != nil {
		return s.wrap(fmt.Errorf("class: %s: checking: %w", s.path, err))
	}
	if ok != "ok" {
		return fmt.Errorf("class: %s: damaged: %s", s.path, ok)
	}
	return nil
}

// Path returns the file of the class.
func (s *Store) Path() string { return s.path }

// Close closes the class file.
func (s *Store) Close() error { return s.db.Close() }

// wrap marks an error of a full disk with ErrFull.
func (s *Store) wrap(err error) error {
	var e *sqlite.Error
	if errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_FULL {
		return fmt.Errorf("%w: %s: %v", ErrFull, s.path, err)
	}
	return err
}

// tx runs f in a transaction and commits it: when tx returns nil, what f
// wrote is on the disk.
func (s *Store) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(fmt.Errorf("class: %s: %w", s.path, err))
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return s.wrap(err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(fmt.Errorf("class: %s: %w", s.path, err))
	}
	return nil
}

// childID returns the id of the child name, adding a pending child when
// the class has none of that name.
func childID(ctx context.Context, tx *sql.Tx, name string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, "SELECT id FROM children WHERE name = ?", name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		res, err := tx.ExecContext(ctx, "INSERT INTO children(name, pending) VALUES (?, 1)", name)
		if err != nil {
			return 0, err
		}
		return res.LastInsertId()
	}
	return id, err
}

// at returns the time to store with a new row.
func (s *Store) at() string { return s.now().UTC().Format(time.RFC3339) }

// AddAnswer stores a, with its child added as a pending name when the
// class has none of that name. It reports whether a was new: an answer
// whose id is stored already is left as it is (a resend). When it returns
// nil, the answer is on the disk.
func (s *Store) AddAnswer(ctx context.Context, a Answer) (added bool, err error) {
	if err := a.Check(); err != nil {
		return false, err
	}
	return s.addOnce(ctx, a.Child, func(child int64) (string, []any) {
		return `INSERT INTO answers(id, tablet, child, lesson, exercise, right, tries, stars, at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
			[]any{a.ID, a.Tablet, child, a.Lesson, a.Exercise, a.Right, a.Tries, a.Stars, s.at()}
	})
}

// AddGame stores g, as AddAnswer stores an answer.
func (s *Store) AddGame(ctx context.Context, g Game) (added bool, err error) {
	if err := g.Check(); err != nil {
		return false, err
	}
	return s.addOnce(ctx, g.Child, func(child int64) (string, []any) {
		return `INSERT INTO games(id, tablet, child, start, moves, side, level, result, ending, date, text, at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
			[]any{g.ID, g.Tablet, child, g.Start, strings.Join(g.Moves, " "), g.Side, g.Level, g.Result, g.End, g.Date, g.Text, s.at()}
	})
}

// addOnce runs, in one transaction, the insert that row makes for the id
// of the child named name (added as a pending name when the class has
// none), and reports whether it added a row: an insert whose id is stored
// already does nothing.
func (s *Store) addOnce(ctx context.Context, name string, row func(child int64) (string, []any)) (added bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		child, err := childID(ctx, tx, name)
		if err != nil {
			return err
		}
		query, args := row(child)
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		added = n == 1
		return err
	})
	return added, err
}

// AddName adds a name typed on a tablet: a pending child, unless the
// class has that name already. It reports whether the name is on the
// roster.
func (s *Store) AddName(ctx context.Context, name string) (onRoster bool, err error) {
	name, err = CheckName(name)
	if err != nil {
		return false, err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := childID(ctx, tx, name); err != nil {
			return err
		}
		var pending bool
		err := tx.QueryRowContext(ctx, "SELECT pending FROM children WHERE name = ?", name).Scan(&pending)
		onRoster = !pending
		return err
	})
	return onRoster, err
}

// AddRoster puts names on the roster, as a teacher types or pastes them
// (one a line, or separated by commas or semicolons): a pending name
// among them is accepted. It returns how many names were new to the
// roster; a name that cannot be kept (CheckName) stops it, with nothing
// changed.
func (s *Store) AddRoster(ctx context.Context, text string) (added int, err error) {
	var names []string
	for _, n := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ',' || r == ';' || r == '\t' }) {
		if strings.TrimSpace(n) == "" {
			continue
		}
		name, err := CheckName(n)
		if err != nil {
			return 0, err
		}
		names = append(names, name)
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		for _, n := range names {
			res, err := tx.ExecContext(ctx, `INSERT INTO children(name, pending) VALUES (?, 0)
				ON CONFLICT(name) DO UPDATE SET pending = 0 WHERE pending = 1`, n)
			if err != nil {
				return err
			}
			k, err := res.RowsAffected()
			if err != nil {
				return err
			}
			added += int(k)
		}
		return nil
	})
	return added, err
}

// ErrNoChild is the error of a change to a child the class does not have.
var ErrNoChild = errors.New("class: no such child")

// Accept puts the pending name on the roster.
func (s *Store) Accept(ctx context.Context, name string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		return one(tx.ExecContext(ctx, "UPDATE children SET pending = 0 WHERE name = ?", name))(name)
	})
}

// one returns a check that an UPDATE or DELETE changed a row, else an
// error naming the child.
func one(res sql.Result, err error) func(name string) error {
	return func(name string) error {
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err == nil && n == 0 {
			err = fmt.Errorf("%w: %q", ErrNoChild, name)
		}
		return err
	}
}

// Merge gives the answers and games of the child from to the child into,
// and forgets from: a name typed on a tablet for one on the roster.
func (s *Store) Merge(ctx context.Context, from, into string) error {
	if strings.EqualFold(from, into) {
		return fmt.Errorf("class: merging %q into itself", from)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		var src, dst int64
		if err := tx.QueryRowContext(ctx, "SELECT id FROM children WHERE name = ?", from).Scan(&src); err != nil {
			return noChild(err, from)
		}
		if err := tx.QueryRowContext(ctx, "SELECT id FROM children WHERE name = ?", into).Scan(&dst); err != nil {
			return noChild(err, into)
		}
		for _, q := range []string{"UPDATE answers SET child = ? WHERE child = ?", "UPDATE games SET child = ? WHERE child = ?"} {
			if _, err := tx.ExecContext(ctx, q, dst, src); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, "DELETE FROM children WHERE id = ?", src)
		return err
	})
}

// noChild turns sql.ErrNoRows into ErrNoChild naming name.
func noChild(err error, name string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %q", ErrNoChild, name)
	}
	return err
}

// Rename renames the child old; a name the class has already is refused
// (Merge joins two children).
func (s *Store) Rename(ctx context.Context, old, name string) error {
	name, err := CheckName(name)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, "SELECT id FROM children WHERE name = ?", name).Scan(&id)
		if err == nil && !strings.EqualFold(old, name) {
			return fmt.Errorf("class: renaming %q: the class has a child named %q already", old, name)
		}
		return one(tx.ExecContext(ctx, "UPDATE children SET name = ? WHERE name = ?", name, old))(old)
	})
}

// Forget deletes the child name with every answer and game, and then
// the space they took in the file.
func (s *Store) Forget(ctx context.Context, name string) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		return one(tx.ExecContext(ctx, "DELETE FROM children WHERE name = ?", name))(name)
	})
	if err != nil {
		return err
	}
	// What was deleted leaves the log and the file's free pages.
	if _, err := s.db.ExecContext(ctx, "VACUUM"); err != nil {
		return s.wrap(fmt.Errorf("class: %s: %w", s.path, err))
	}
	_, err = s.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	return err
}

// SetMark marks lesson for today or next time, or unmarks it (NoMark).
func (s *Store) SetMark(ctx context.Context, lesson string, m Mark) error {
	if m < NoMark || m > NextTime {
		return fmt.Errorf("class: mark %d: want 0, 1 or 2", m)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if m == NoMark {
			_, err := tx.ExecContext(ctx, "DELETE FROM plan WHERE lesson = ?", lesson)
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO plan(lesson, mark) VALUES (?, ?) ON CONFLICT(lesson) DO UPDATE SET mark = excluded.mark", lesson, m)
		return err
	})
}

// Plan returns the lessons marked, by page id.
func (s *Store) Plan(ctx context.Context) (map[string]Mark, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT lesson, mark FROM plan ORDER BY lesson")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	plan := map[string]Mark{}
	for rows.Next() {
		var l string
		var m Mark
		if err := rows.Scan(&l, &m); err != nil {
			return nil, err
		}
		plan[l] = m
	}
	return plan, rows.Err()
}

// Children returns the class's children, by name (the roster first, then
// the pending names).
func (s *Store) Children(ctx context.Context) ([]Child, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.name, c.pending,
		(SELECT count(*) FROM answers a WHERE a.child = c.id), (SELECT count(*) FROM games g WHERE g.child = c.id)
		FROM children c ORDER BY c.pending, c.name COLLATE NOCASE, c.name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Child
	for rows.Next() {
		var c Child
		if err := rows.Scan(&c.Name, &c.Pending, &c.Answers, &c.Games); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Answers returns the answers of the child name, or of every child for
// "", in the order they were stored.
func (s *Store) Answers(ctx context.Context, name string) ([]Answer, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT a.id, a.tablet, c.name, a.lesson, a.exercise, a.right, a.tries, a.stars, a.at
		FROM answers a JOIN children c ON c.id = a.child WHERE ? = '' OR c.name = ? ORDER BY a.seq`, name, name)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Answer
	for rows.Next() {
		var a Answer
		if err := rows.Scan(&a.ID, &a.Tablet, &a.Child, &a.Lesson, &a.Exercise, &a.Right, &a.Tries, &a.Stars, &a.At); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Games returns the games of the child name, or of every child for "",
// in the order they were stored.
func (s *Store) Games(ctx context.Context, name string) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.tablet, c.name, g.start, g.moves, g.side, g.level, g.result, g.ending, g.date, g.text, g.at
		FROM games g JOIN children c ON c.id = g.child WHERE ? = '' OR c.name = ? ORDER BY g.seq`, name, name)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		var g Game
		var moves string
		if err := rows.Scan(&g.ID, &g.Tablet, &g.Child, &g.Start, &moves, &g.Side, &g.Level, &g.Result, &g.End, &g.Date, &g.Text, &g.At); err != nil {
			return nil, err
		}
		g.Moves = strings.Fields(moves)
		out = append(out, g)
	}
	return out, rows.Err()
}
