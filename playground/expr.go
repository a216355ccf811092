package playground

import (
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

// Eval evaluates an arithmetic expression: decimal numbers, + - * / %,
// parentheses and unary minus (and plus), with the usual precedence. It
// evaluates nothing else. Errors are *ExprError values that say where and
// what went wrong, including division by zero.
//
// The grammar, parsed by recursive descent:
//
//	expr   = term { ("+" | "-") term }
//	term   = unary { ("*" | "/" | "%") unary }
//	unary  = ("-" | "+") unary | primary
//	primary = number | "(" expr ")"
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
	}
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

// notAllowed explains the character at p.pos, which no rule accepts.
func (p *exprParser) notAllowed() error {
	const allowed = "only numbers, + - * / % and parentheses are allowed"
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	if unicode.IsLetter(r) || r == '_' {
		return &ExprError{Pos: p.pos, Msg: fmt.Sprintf("unknown name %q: %s", p.rest(), allowed)}
	}
	return &ExprError{Pos: p.pos, Msg: fmt.Sprintf("unexpected %q: %s", string(r), allowed)}
}

// number reads digits with at most one decimal point.
func (p *exprParser) number() (float64, error) {
	start := p.pos
	dots := 0
	for p.pos < len(p.src) && (p.src[p.pos] == '.' || (p.src[p.pos] >= '0' && p.src[p.pos] <= '9')) {
		if p.src[p.pos] == '.' {
			dots++
		}
		p.pos++
	}
	text := p.src[start:p.pos]
	if dots > 1 || text == "." {
		return 0, &ExprError{Pos: start, Msg: fmt.Sprintf("malformed number %q", text)}
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, &ExprError{Pos: start, Msg: fmt.Sprintf("malformed number %q", text)}
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
