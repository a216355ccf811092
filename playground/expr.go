package playground

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ExprError is a syntax or arithmetic error in an expression, with the
// 0-based byte offset where it was found.
type ExprError struct {
	Pos int
	Msg string
}

// Error implements error.
func (e *ExprError) Error() string {
	return fmt.Sprintf("at column %d: %s", e.Pos+1, e.Msg)
}

// Eval evaluates an arithmetic expression: decimal numbers (with an
// optional exponent, as FormatNumber writes large results: 1e+40, 2.5E-3),
// + - * / %, parentheses and unary minus (and plus), with the usual
// precedence. It evaluates nothing else. Errors are *ExprError values that
// say where and what went wrong, including division by zero and a number
// or a result too large for a float64 (beyond about 1.8e308).
//
// The grammar, parsed by recursive descent:
//
//	expr    = term { ("+" | "-") term }
//	term    = unary { ("*" | "/" | "%") unary }
//	unary   = ("-" | "+") unary | primary
//	primary = number | "(" expr ")"
//	number  = digits [ "." digits ] [ ("e" | "E") [ "+" | "-" ] digits ]
//	          (either digits may be empty, not both)
func Eval(src string) (float64, error) {
	p := &exprParser{src: src}
	p.skipSpace()
	if p.pos == len(p.src) {
		return 0, &ExprError{Pos: 0, Msg: "empty expression: type something like 2*(3+4)"}
	}
	v, err := p.expr(0)
	if err != nil {
		return 0, err
	}
	if p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == ')':
			return 0, &ExprError{Pos: p.pos, Msg: "unmatched \")\""}
		case c == '(' || c == '.' || (c >= '0' && c <= '9'):
			return 0, &ExprError{Pos: p.pos, Msg: fmt.Sprintf("unexpected %q after a complete expression: an operator is missing", p.rest())}
		}
		return 0, p.notAllowed()
	}
	return v, nil
}

// maxExprDepth bounds nesting so a hostile input cannot exhaust the stack.
const maxExprDepth = 200

type exprParser struct {
	src string
	pos int
}

func (p *exprParser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// rest returns the next token-ish piece of the input for error messages.
func (p *exprParser) rest() string {
	r := p.src[p.pos:]
	if i := strings.IndexAny(r, " \t"); i > 0 {
		r = r[:i]
	}
	if len(r) > 12 {
		r = r[:12] + "…"
	}
	return r
}

// peek returns the next non-space byte, or 0 at the end.
func (p *exprParser) peek() byte {
	p.skipSpace()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *exprParser) expr(depth int) (float64, error) {
	left, err := p.term(depth)
	if err != nil {
		return 0, err
	}
	for {
		op := p.peek()
		if op != '+' && op != '-' {
			return left, nil
		}
		at := p.pos
		p.pos++
		right, err := p.term(depth)
		if err != nil {
			return 0, err
		}
		if op == '+' {
			left += right
		} else {
			left -= right
		}
		if err := tooLarge(left, at, op); err != nil {
			return 0, err
		}
	}
}

// maxNumber is how a message spells the largest float64.
const maxNumber = "about 1.8e308"

// tooLarge reports a result of the operator op at byte at that overflowed
// to an infinity, or nil.
func tooLarge(v float64, at int, op byte) error {
	if math.IsInf(v, 0) {
		return &ExprError{Pos: at, Msg: fmt.Sprintf("the result of %q is too large (the largest number is %s)", string(op), maxNumber)}
	}
	return nil
}

func (p *exprParser) term(depth int) (float64, error) {
	left, err := p.unary(depth)
	if err != nil {
		return 0, err
	}
	for {
		op := p.peek()
		if op != '*' && op != '/' && op != '%' {
			return left, nil
		}
		at := p.pos
		p.pos++
		right, err := p.unary(depth)
		if err != nil {
			return 0, err
		}
		switch op {
		case '*':
			left *= right
		case '/':
			if right == 0 {
				return 0, &ExprError{Pos: at, Msg: "division by zero"}
			}
			left /= right
		case '%':
			if right == 0 {
				return 0, &ExprError{Pos: at, Msg: "modulo by zero"}
			}
			left = math.Mod(left, right)
		}
		if err := tooLarge(left, at, op); err != nil {
			return 0, err
		}
	}
}

func (p *exprParser) unary(depth int) (float64, error) {
	if depth > maxExprDepth {
		return 0, &ExprError{Pos: p.pos, Msg: fmt.Sprintf("nested more than %d levels deep", maxExprDepth)}
	}
	switch p.peek() {
	case '-':
		p.pos++
		v, err := p.unary(depth + 1)
		return -v, err
	case '+':
		p.pos++
		return p.unary(depth + 1)
	}
	return p.primary(depth)
}

func (p *exprParser) primary(depth int) (float64, error) {
	c := p.peek()
	switch {
	case c == 0:
		return 0, &ExprError{Pos: p.pos, Msg: "unexpected end: expected a number or \"(\""}
	case c == '(':
		open := p.pos
		p.pos++
		v, err := p.expr(depth + 1)
		if err != nil {
			return 0, err
		}
		if p.peek() != ')' {
			if p.pos == len(p.src) {
				return 0, &ExprError{Pos: open, Msg: "unclosed \"(\": expected \")\""}
			}
			return 0, &ExprError{Pos: p.pos, Msg: fmt.Sprintf("expected \")\" but found %q", p.rest())}
		}
		p.pos++
		return v, nil
	case c == '.' || (c >= '0' && c <= '9'):
		return p.number()
	case c == ')':
		return 0, &ExprError{Pos: p.pos, Msg: "unexpected \")\": expected a number or \"(\""}
	case c == '*' || c == '/' || c == '%':
		return 0, &ExprError{Pos: p.pos, Msg: fmt.Sprintf("operator %q needs a number before it", string(c))}
	}
	return 0, p.notAllowed()
}

// notAllowed explains the character at p.pos, which no rule accepts: a
// name (the letters, digits and underscores from there: "abc" in
// "2+abc*3") or a character.
func (p *exprParser) notAllowed() error {
	const allowed = "only numbers, + - * / % and parentheses are allowed"
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	if isNameRune(r) && !unicode.IsDigit(r) {
		end := p.pos
		for end < len(p.src) {
			c, size := utf8.DecodeRuneInString(p.src[end:])
			if !isNameRune(c) {
				break
			}
			end += size
		}
		name := p.src[p.pos:end]
		if utf8.RuneCountInString(name) > maxNameShown {
			name = string([]rune(name)[:maxNameShown]) + "…"
		}
		return &ExprError{Pos: p.pos, Msg: fmt.Sprintf("unknown name %q: %s", name, allowed)}
	}
	return &ExprError{Pos: p.pos, Msg: fmt.Sprintf("unexpected %q: %s", string(r), allowed)}
}

// maxNameShown is how many characters of an unknown name an error quotes.
const maxNameShown = 12

// isNameRune reports whether r can be part of a name.
func isNameRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
}

// number reads a decimal number: digits with at most one decimal point,
// then an optional exponent ("e" or "E", a sign, digits).
func (p *exprParser) number() (float64, error) {
	start := p.pos
	digits := func() int {
		from := p.pos
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		return p.pos - from
	}
	mantissa := digits()
	dots := 0
	for p.pos < len(p.src) && p.src[p.pos] == '.' {
		dots++
		p.pos++
		mantissa += digits()
	}
	malformed := func(why string) error {
		return &ExprError{Pos: start, Msg: fmt.Sprintf("malformed number %q%s", p.src[start:p.pos], why)}
	}
	if dots > 1 || mantissa == 0 {
		return 0, malformed("")
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			for p.pos < len(p.src) && isNameRune(rune(p.src[p.pos])) {
				p.pos++
			}
			return 0, malformed(": an exponent needs digits, as in 1e+40")
		}
	}
	text := p.src[start:p.pos]
	v, err := strconv.ParseFloat(text, 64)
	if errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0) {
		return 0, &ExprError{Pos: start, Msg: fmt.Sprintf("number %q is too large (the largest number is %s)", text, maxNumber)}
	}
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		// A number too small to represent rounds to 0, as arithmetic does.
		return 0, malformed("")
	}
	return v, nil
}

// FormatNumber spells a result without needless decimals: 14, 2.5,
// 0.3333333333.
func FormatNumber(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "-∞"
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 12, 64)
}
