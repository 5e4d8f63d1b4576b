package render

// ClassReport is the class report's plain data (serve --class's answers,
// by lesson): a page per lesson, the children's rows by its exercises.
type ClassReport struct {
	Class   string // the class's name, such as 4b
	Lessons []ClassReportLesson
}

// ClassReportLesson is one lesson of the class report.
type ClassReportLesson struct {
	Number    int // its number in the course, from 1
	Title     string
	Exercises []string // the columns' heads: each exercise's number
	Rows      []ClassReportRow
}

// ClassReportRow is a child's row: a cell for each of the lesson's
// exercises.
type ClassReportRow struct {
	Child string
	Cells []ClassCell
}

// ClassCell is what a child did with an exercise: the stars of a right
// answer (1 to 3; 0: none yet), and the wrong answers.
type ClassCell struct {
	Stars, Wrong int
}
