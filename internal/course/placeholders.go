package course

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/style"
)

// The text of a course names the pieces, the sides and the places of the
// story by placeholders, such as $king, that the loader replaces with the
// theme's words (style.Placeholders lists them): a lesson written once reads
// right in every theme. $King capitalises the word's first letter, a suffix
// such as .acc names a grammatical form (style.Forms), and $$ is a dollar
// sign. Any other $ is a problem at its place in the file.

// wordProblem is a problem with a placeholder: the byte offset of its $ in
// the text, and what is wrong.
type wordProblem struct {
	off int
	msg string
}

// expand returns s with every placeholder replaced by theme t's word and
// every $$ by $, and the problems with the placeholders it could not
// expand (they stay as they are written).
func expand(s string, t style.Theme, l style.Language) (string, []wordProblem) {
	if !strings.Contains(s, "$") {
		return s, nil
	}
	var b strings.Builder
	var probs []wordProblem
	for i := 0; i < len(s); {
		tok := nextToken(s, i)
		if tok.start < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteString(s[i:tok.start])
		word, msg := tok.word(t, l)
		if msg == "" {
			msg = tok.article(s[:tok.start], l)
		}
		if msg == "" {
			msg = tok.contraction(s[:tok.start], l)
		}
		if msg == "" {
			msg = tok.adjective(s[tok.end:])
		}
		if msg != "" {
			probs = append(probs, wordProblem{tok.start, msg})
			word = s[tok.start:tok.end]
		}
		b.WriteString(word)
		i = tok.end
	}
	return b.String(), probs
}

// token is one use of $ in a text: $$, a lone $, or a placeholder with its
// name and its form ("" for none).
type token struct {
	start, end int // the byte offsets of the $ and after the token
	name, form string
	tail       string // a word going on past ASCII right after the name ("önig" of $König), for messages
	dollar     bool   // $$
}

// nextToken returns the first token of s at or after offset i; its start is
// -1 when there is none.
func nextToken(s string, i int) token {
	j := strings.IndexByte(s[i:], '$')
	if j < 0 {
		return token{start: -1}
	}
	start := i + j
	if start+1 < len(s) && s[start+1] == '$' {
		return token{start: start, end: start + 2, dollar: true}
	}
	end := start + 1
	if end < len(s) && isLetter(s[end]) {
		for end < len(s) && (isLetter(s[end]) || isDigit(s[end])) {
			end++
		}
	}
	tok := token{start: start, end: end, name: s[start+1 : end]}
	for k := end; tok.name != "" && k < len(s); {
		r, size := utf8.DecodeRuneInString(s[k:])
		if k == end && r < utf8.RuneSelf || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		k += size
		tok.tail = s[end:k]
	}
	if end+1 < len(s) && s[end] == '.' && 'a' <= s[end+1] && s[end+1] <= 'z' && tok.name != "" {
		k := end + 1
		for k < len(s) && isLetter(s[k]) {
			k++
		}
		tok.form, tok.end = s[end+1:k], k
	}
	return tok
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// word returns the text the token stands for in theme t and language l,
// or a message saying why it stands for none.
func (tok token) word(t style.Theme, l style.Language) (string, string) {
	switch {
	case tok.dollar:
		return "$", ""
	case tok.name == "":
		return "", "a lone $ names no theme word (write $$ for a dollar sign; the theme words are " + placeholderList() + ")"
	case l != style.English:
		return tok.translated(t, l)
	}
	word, ok := t.Placeholder(tok.name)
	if !ok {
		return "", fmt.Sprintf("unknown placeholder %s%s", yamlpos.Quote("$"+tok.name+tok.tail), placeholderHint(tok.name+tok.tail))
	}
	if tok.form == "" {
		return word, ""
	}
	if word, ok = t.Form(tok.name, tok.form); ok {
		return word, ""
	}
	if word, ok = t.Word(style.English, tok.name+"."+tok.form); ok && strings.EqualFold(tok.name, "save") {
		return word, ""
	}
	return "", fmt.Sprintf("placeholder %s: unknown form %s (known forms: .%s; and $save.verb ... $save.rest, the two parts of \"bring ... to safety\")", yamlpos.Quote("$"+tok.name+"."+tok.form), yamlpos.Quote("."+tok.form), strings.Join(style.Forms, ", ."))
}

// translated returns the word the token stands for in a language other
// than English (see style.Theme.Word), or a message saying why it stands
// for none.
func (tok token) translated(t style.Theme, l style.Language) (string, string) {
	name := tok.name
	if tok.form != "" {
		name += "." + tok.form
	}
	if w, ok := t.Word(l, name); ok {
		return w, ""
	}
	name += tok.tail
	hint := fmt.Sprintf("the theme words are %s; their forms are in docs/glossary-%s.md", placeholderList(), l)
	if near := nearWord(name, t, l); near != "" {
		hint = "did you mean $" + near + "?"
	}
	return "", fmt.Sprintf("unknown placeholder %s in language %s (%s)", yamlpos.Quote("$"+name), l, hint)
}

// nearWord returns the theme word, with or without a form, that language l
// knows and name (a placeholder without its $, such as Knight.akk) is
// closest to, capitalised as name is, or "" when none is close.
func nearWord(name string, t style.Theme, l style.Language) string {
	lower := strings.ToLower(name[:1]) + name[1:]
	best, bestDist := "", 3
	for _, p := range style.Placeholders {
		for _, form := range append([]string{""}, style.Forms...) {
			cand := p
			if form != "" {
				cand += "." + form
			}
			if _, ok := t.Word(l, cand); !ok {
				continue
			}
			if d := yamlpos.Distance(strings.ToLower(lower), cand); d < bestDist && d <= max(1, len(cand)/3) {
				best, bestDist = cand, d
			}
		}
	}
	if best != "" && lower != name {
		best = strings.ToUpper(best[:1]) + best[1:]
	}
	return best
}

// withArticle are the placeholders whose words carry their own article, or
// need none: "Ripley" and "the king", "the shuttle row" and "row 8".
var withArticle = []string{"king", "knight", "white", "black", "lair", "row8", "door"}

// articles are, by language, the words that may not come before a theme
// word that carries its own article: articles, and words that do their
// work ("each", "jeder"). Russian has none.
var articles = map[style.Language][]string{
	style.English: {"the", "a", "an", "one", "each", "every", "another", "no", "its", "his", "her", "their", "this", "your", "our", "my"},
	style.German:  {"ein", "eine", "einen", "einem", "einer", "eines", "kein", "keine", "keinen", "keinem", "jeder", "jede", "jedes", "jeden"},
	style.Spanish: {"el", "la", "los", "las", "un", "una", "unos", "unas"},
	style.Dutch:   {"de", "het", "een", "elk", "elke"},
}

// capitalArticles are articles that count only as written, capitalised at
// the start of a sentence: in lower case they are relative pronouns too
// ("die Felder, auf die $knight springt").
var capitalArticles = map[style.Language][]string{
	style.German: {"Der", "Die", "Das", "Den", "Dem", "Des"},
}

// article returns a message when the text before the token ends with an
// article that the token's word already carries in language l ("the $king"
// reads "the Ripley" in the alien theme, "der $king" "der der König" in
// German), else "". The article may end the line before, as in a Markdown
// paragraph wrapped after "The".
func (tok token) article(before string, l style.Language) string {
	if tok.dollar || !slices.Contains(withArticle, strings.ToLower(tok.name)) {
		return ""
	}
	trimmed := trimLineSpace(before, strings.TrimRight)
	i := strings.LastIndexAny(trimmed, " \n\t(\"'*_") + 1
	prev := trimmed[i:]
	if len(prev) == len(before) || !slices.Contains(articles[l], strings.ToLower(prev)) && !slices.Contains(capitalArticles[l], prev) {
		return ""
	}
	name := "$" + tok.name
	if prev[0] >= 'A' && prev[0] <= 'Z' {
		name = "$" + strings.ToUpper(tok.name[:1]) + tok.name[1:]
	}
	if l == style.English {
		return fmt.Sprintf("%s: the theme word carries its own article (\"Ripley\", \"the king\"); write %s alone", yamlpos.Quote(prev+" $"+tok.name), name)
	}
	king, _ := style.Classic.Word(l, "king")
	ripley, _ := style.Alien.Word(l, "king")
	return fmt.Sprintf("%s: the theme word carries its own article (%q, %q); write %s alone, or one of its forms (docs/glossary-%s.md)", yamlpos.Quote(prev+" $"+tok.name), king, ripley, name, l)
}

// contractions are, by language, the article that contracts with a
// preposition before it, and each such preposition with the form of a theme
// word that carries both: Spanish "de el" is "del" ($king.gen), "a el" is
// "al" ($king.acc).
var contractions = map[style.Language]struct {
	article string
	forms   map[string]string
}{
	style.Spanish: {"el", map[string]string{"de": "gen", "a": "acc"}},
}

// contraction returns a message when the text before the token ends with
// a preposition that contracts with the article its word has in some theme
// ("de $king" reads "de el pastor" in the farm theme, where Spanish says
// "del pastor"), else "": the word's form carries the preposition.
func (tok token) contraction(before string, l style.Language) string {
	c, ok := contractions[l]
	if !ok || tok.dollar || tok.form != "" || !slices.Contains(withArticle, strings.ToLower(tok.name)) {
		return ""
	}
	trimmed := trimLineSpace(before, strings.TrimRight)
	prev := trimmed[strings.LastIndexAny(trimmed, " \n\t(\"'*_¡¿")+1:]
	form, ok := c.forms[strings.ToLower(prev)]
	if len(prev) == len(before) || !ok {
		return ""
	}
	base := strings.ToLower(tok.name)
	for _, th := range style.Themes() {
		if w, _ := th.Word(l, base); strings.HasPrefix(w, c.article+" ") {
			good, _ := th.Word(l, tok.name+"."+form)
			return fmt.Sprintf("%s reads %q in the %s theme; write $%s.%s (%q)", yamlpos.Quote(prev+" $"+tok.name), prev+" "+w, th, tok.name, form, good)
		}
	}
	return ""
}

// adjective returns a message when a side's placeholder stands before
// another placeholder as if it were a colour ("$white $pawns" reads "the
// crew crew members"), else "". The two may be on two lines of one
// paragraph.
func (tok token) adjective(after string) string {
	side := strings.ToLower(tok.name)
	next := trimLineSpace(after, strings.TrimLeft)
	if tok.dollar || (side != "white" && side != "black") || len(next) == len(after) || !strings.HasPrefix(next, "$") || strings.HasPrefix(next, "$$") {
		return ""
	}
	if end := strings.IndexAny(next, " .,;:!?\n"); end >= 0 {
		next = next[:end]
	}
	return fmt.Sprintf("%s: $%s names a side (\"the crew\", \"White\"), not a colour; write the piece's placeholder alone", yamlpos.Quote("$"+tok.name+" "+next), tok.name)
}

// trimLineSpace trims the spaces and tabs at one end of s (trim is
// strings.TrimLeft or strings.TrimRight), and at most one line break among
// them: the words of one paragraph, not of two.
func trimLineSpace(s string, trim func(string, string) string) string {
	t := trim(s, " \t")
	if u := trim(t, "\n"); len(t)-len(u) == 1 {
		t = trim(u, " \t")
	}
	return t
}

// placeholderHint returns " (did you mean $king?)" for a near miss of a
// placeholder's name, kept in its letter case, else the list of them all.
func placeholderHint(name string) string {
	capital := 'A' <= name[0] && name[0] <= 'Z'
	lower := strings.ToLower(name[:1]) + name[1:]
	best, bestDist := "", 3
	for _, p := range style.Placeholders {
		if d := yamlpos.Distance(strings.ToLower(lower), p); d < bestDist && d <= max(1, len(p)/3) {
			best, bestDist = p, d
		}
	}
	if best == "" {
		return " (the theme words are " + placeholderList() + "; $$ is a dollar sign)"
	}
	if capital {
		best = strings.ToUpper(best[:1]) + best[1:]
	}
	return " (did you mean $" + best + "?)"
}

// placeholderList returns the placeholders as a list for messages.
func placeholderList() string { return "$" + strings.Join(style.Placeholders, ", $") }

// prose returns a text value that people read (a title, an intro, a
// question, an explanation...) with its placeholders expanded in the
// file's theme, reporting each placeholder it cannot expand at its place.
// Such a problem does not stop the rest of the value being checked.
func (f *file) prose(n *yaml.Node, what string, limit int) (string, bool) {
	s, ok := f.Text(n, what, limit)
	if !ok {
		return "", false
	}
	out, probs := expand(s, f.theme, f.lang)
	for _, p := range probs {
		f.Errs.Add(f.valuePos(n, s, p.off), f.Prefix+what+": "+p.msg)
	}
	return out, true
}

// valuePos returns the position in the file of the $ at byte offset off of
// the text s of the scalar n. The file writes the same $ tokens in the same
// order as the text holds them, whatever the scalar's style (quotes fold
// lines and escape characters, never a $), so the k-th token of the text is
// the k-th of the file from n on. Where that does not hold, it is n's
// position.
func (f *file) valuePos(n *yaml.Node, s string, off int) yamlpos.Pos {
	k := 0
	for i := 0; ; k++ {
		tok := nextToken(s, i)
		if tok.start < 0 || tok.start >= off {
			break
		}
		i = tok.end
	}
	at := f.nodeOffset(n)
	if at < 0 {
		return f.Pos(n)
	}
	src := string(f.Src)
	for i := at; ; k-- {
		tok := nextToken(src, i)
		if tok.start < 0 {
			return f.Pos(n)
		}
		if k == 0 {
			if want := nextToken(s, off); src[tok.start:tok.end] != s[want.start:want.end] {
				return f.Pos(n)
			}
			return yamlpos.OffsetPos(f.Name, f.Src, tok.start)
		}
		i = tok.end
	}
}

// nodeOffset returns the byte offset in the file of where n starts, or -1
// when its line and column are not in the file.
func (f *file) nodeOffset(n *yaml.Node) int {
	off := 0
	for line := 1; line < n.Line; line++ {
		j := bytes.IndexByte(f.Src[off:], '\n')
		if j < 0 {
			return -1
		}
		off += j + 1
	}
	for col := 1; col < n.Column; col++ {
		if off >= len(f.Src) || f.Src[off] == '\n' {
			return -1
		}
		_, size := utf8.DecodeRune(f.Src[off:])
		off += size
	}
	return off
}
