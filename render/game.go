package render

import (
	"html/template"
	"io"

	"nostromo-lessons/rules"
)

// GamePage is the site's play page, where a child plays a whole game with
// a friend or against the computer, from the start or from a lesson's
// position (play.html?fen=...).
const GamePage = "play.html"

// gameView is the data of game.html, the template of the play page.
type gameView struct {
	page
	Data   template.JS   // gameData as JSON
	Pieces template.HTML // the theme's pieces, for the play script's board
}

// gameData is what the play script reads of the play page: the course
// (whose id keys the games kept beside the stars) and the position a game
// starts from when the page's address names none.
type gameData struct {
	Course string `json:"course"`
	Start  string `json:"start"`
	Game   bool   `json:"game"` // marks the play page for answer.js, which only offers the child's name there
}

// WriteGame executes game.html, the play page.
func (k *Assets) WriteGame(w io.Writer, c Course) error {
	v := gameView{page: coursePage(c, k.say.Say("site.game.title")+" · "+c.Title), Pieces: template.HTML(pieceSVGs(k.pieces))}
	start := c.Start
	if start == "" {
		start = rules.Start.String()
	}
	var err error
	if v.Data, err = pageJSON(gameData{Course: courseID(c), Start: start, Game: true}); err != nil {
		return err
	}
	return execute(w, k.game, "game.html", v)
}
