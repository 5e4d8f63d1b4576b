package class

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations are the schema's steps: migrations[i] takes a class file from
// version i to version i+1. A step is never changed once released; a new
// version is a new step at the end.
var migrations = []string{
	// Version 1: the children, their answers and their games.
	`CREATE TABLE children (
		id      INTEGER PRIMARY KEY,
		name    TEXT NOT NULL UNIQUE COLLATE NOCASE,
		pending INTEGER NOT NULL DEFAULT 0 -- 1: typed on a tablet, not yet on the roster
	);
	CREATE TABLE answers (
		seq      INTEGER PRIMARY KEY,
		id       TEXT NOT NULL UNIQUE, -- made in the browser
		tablet   TEXT NOT NULL,
		child    INTEGER NOT NULL REFERENCES children(id) ON DELETE CASCADE,
		lesson   TEXT NOT NULL,
		exercise TEXT NOT NULL,
		right    INTEGER NOT NULL,
		tries    INTEGER NOT NULL,
		stars    INTEGER NOT NULL,
		at       TEXT NOT NULL
	);
	CREATE INDEX answers_child ON answers(child, lesson, exercise);
	CREATE TABLE games (
		seq    INTEGER PRIMARY KEY,
		id     TEXT NOT NULL UNIQUE,
		tablet TEXT NOT NULL,
		child  INTEGER NOT NULL REFERENCES children(id) ON DELETE CASCADE,
		start  TEXT NOT NULL,
		moves  TEXT NOT NULL, -- the SAN moves, space-separated
		side   TEXT NOT NULL,
		level  INTEGER NOT NULL,
		result TEXT NOT NULL,
		ending TEXT NOT NULL,
		date   TEXT NOT NULL,
		text   TEXT NOT NULL,
		at     TEXT NOT NULL
	);
	CREATE INDEX games_child ON games(child);`,
	// Version 2: the lessons marked for today and for next time.
	`CREATE TABLE plan (
		lesson TEXT PRIMARY KEY,
		mark   INTEGER NOT NULL -- Mark: 1 today, 2 next time
	);`,
}

// Version is the schema's version that Open leaves a class file at.
var Version = len(migrations)

// migrate brings the database to Version, one transaction a step. A file
// of a newer version, made by a newer nostromo-lessons, is refused.
func migrate(ctx context.Context, db *sql.DB, name string) error {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("class: %s: reading the schema version: %w", name, err)
	}
	if v > Version {
		return fmt.Errorf("class: %s: schema version %d is newer than this nostromo-lessons's %d; use a newer nostromo-lessons", name, v, Version)
	}
	for ; v < Version; v++ {
		if err := step(ctx, db, v); err != nil {
			return fmt.Errorf("class: %s: migrating to schema version %d: %w", name, v+1, err)
		}
	}
	return nil
}

// step runs migrations[v] and sets the version to v+1, in one
// transaction.
func step(ctx context.Context, db *sql.DB, v int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
		return err
	}
	return tx.Commit()
}
