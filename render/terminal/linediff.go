package terminal

import "unicode/utf8"

// lineChange is the part of a screen row to write again when its line
// changes from old to new: the bytes new[from:to], starting at cell col,
// drawn with pen. The cells left of col show new's already, and so do
// those right of the part when tail is set; otherwise the part runs to
// the end of new, which is width cells wide (-1: not measured), and the
// row is erased after it when that is short of the screen's.
type lineChange struct {
	from, to int
	col      int
	pen      pen
	tail     bool
	width    int
}

// changeOf finds the part of a row that changes from old to new. The two
// lines agree on a prefix and a suffix, and the cells those cover are the
// same on the terminal, so only the middle is written: a count going up
// rewrites its digits, not the line. It reads lines the way the width
// loop does (SGR sequences, printable ASCII and the characters oneCell
// takes); a line with anything else (a wide or combining character,
// another escape sequence) is written whole, its widths being the
// terminal's to decide.
func changeOf(old, new string) lineChange {
	whole := lineChange{to: len(new), width: -1}
	// The prefix: whole tokens the two lines share.
	var p pen
	i, col := 0, 0
	for i < len(new) {
		end, w, sgr, ok := lineToken(new, i)
		if !ok {
			return whole
		}
		if end > len(old) || old[i:end] != new[i:end] {
			break
		}
		if sgr && !p.apply(new[i:end]) {
			return whole
		}
		i, col = end, col+w
	}
	// The middle, up to where the bytes the lines end with start (at a
	// token boundary), and the rest of new for its width.
	common := 0
	for common < len(new)-i && common < len(old)-i && old[len(old)-1-common] == new[len(new)-1-common] {
		common++
	}
	newEnd, newCells, newPen, ok := walk(new, i, len(new)-common, p)
	if !ok {
		return whole
	}
	_, restCells, _, ok := walk(new, newEnd, len(new), newPen)
	if !ok {
		return whole
	}
	change := lineChange{from: i, to: len(new), col: col, pen: p, width: col + newCells + restCells}
	if newEnd == len(new) {
		return change
	}
	// The suffix is left as it is when it starts at a token boundary of
	// old too, on the same cell and with the same pen: then every cell of
	// it already shows what new draws there.
	oldEnd := newEnd - len(new) + len(old)
	stop, oldCells, oldPen, ok := walk(old, i, oldEnd, p)
	if ok && stop == oldEnd && oldCells == newCells && oldPen == newPen {
		change.to, change.tail = newEnd, true
	}
	return change
}

// walk reads s's tokens from i until one ends at or after stop, with pen
// p, and returns where it stopped, the cells it crossed and the pen
// there. ok is false when a token is one changeOf does not read.
func walk(s string, i, stop int, p pen) (end, cells int, _ pen, ok bool) {
	for i < stop {
		e, w, sgr, ok := lineToken(s, i)
		if !ok || (sgr && !p.apply(s[i:e])) {
			return i, cells, p, false
		}
		i, cells = e, cells+w
	}
	return i, cells, p, true
}

// pen is the SGR sequences a line has set since its last reset, in order:
// writing them after a reset sets the style the line has there. It holds
// a few; a line that stacks more is written whole.
type pen struct {
	seqs [4]string
	n    int
}

// apply takes the SGR sequence seq. It is false when the pen is full.
func (p *pen) apply(seq string) bool {
	if seq == "\x1b[m" || seq == "\x1b[0m" {
		*p = pen{}
		return true
	}
	if p.n == len(p.seqs) {
		return false
	}
	p.seqs[p.n] = seq
	p.n++
	return true
}

// lineToken reads the token at s[i]: an SGR sequence (sgr is set) or one
// character the width loop takes, and its width. ok is false for anything
// else.
func lineToken(s string, i int) (end, width int, sgr, ok bool) {
	c := s[i]
	switch {
	case c == 0x1b:
		end, ok := csiEnd(s, i)
		if !ok || s[end-1] != 'm' {
			return 0, 0, false, false
		}
		return end, 0, true, true
	case c >= 0x20 && c < 0x7f:
		return i + 1, 1, false, true
	case c >= utf8.RuneSelf:
		r, size := utf8.DecodeRuneInString(s[i:])
		if !oneCell(r) {
			return 0, 0, false, false
		}
		return i + size, 1, false, true
	}
	return 0, 0, false, false
}
