// Package render turns a course's plain data (Course, Lesson, Exercise, Board; it decides no chess question and touches no file system) into the site's pages and the lessons' Markdown, and holds the assets and text those share with the PDFs of render/pdf, whose files internal/build's render step lists, with board diagrams drawn by render/diagram.
package render
