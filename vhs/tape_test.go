package vhs_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/charmbracelet/vhs/lexer"
	"github.com/charmbracelet/vhs/parser"
	"github.com/charmbracelet/vhs/token"

	"github.com/facetui/facet/tea"
)

// tape is a tape as VHS's own parser reads it: its settings, the commands
// typed while the recording is hidden (the shell command that starts the
// demo) and the steps shown in the GIF.
type tape struct {
	name       string // the file's base name without .tape
	output     string
	settings   map[string]string
	cols, rows int // from "# facet: cols=N rows=M"
	hidden     []step
	steps      []step
}

// stepKind is what a step does when replayed.
type stepKind int

const (
	stepKeys  stepKind = iota // press keys (Type, Enter, Ctrl+X, ...)
	stepSleep                 // let the demo settle
	stepWait                  // settle, then the screen must match a pattern
)

// step is one replayable tape command.
type step struct {
	command string // the command as VHS parsed it, for messages
	kind    stepKind
	keys    []tea.Key
	text    string // what Type typed (for the hidden shell command)
	pattern *regexp.Regexp
}

// errVHSRejects wraps the errors of VHS's parser: a tape `vhs validate`
// would refuse.
var errVHSRejects = errors.New("VHS's parser rejects the tape")

// keyNames maps VHS's key commands (token types) to Facet's key names. VHS
// has no Home or End: a tape pages or steps instead.
var keyNames = map[parser.CommandType]string{
	token.ENTER: "enter", token.TAB: "tab", token.BACKSPACE: "backspace",
	token.DELETE: "delete", token.INSERT: "insert", token.ESCAPE: "esc",
	token.SPACE: "space", token.UP: "up", token.DOWN: "down", token.LEFT: "left",
	token.RIGHT: "right", token.PAGE_UP: "pgup", token.PAGE_DOWN: "pgdown",
}

// keyArgs maps the key names VHS accepts after a modifier (Ctrl+Enter,
// Alt+Tab) to Facet's.
var keyArgs = map[string]string{"Enter": "enter", "Space": "space", "Backspace": "backspace", "Tab": "tab"}

// directive is the comment that gives the replay its screen size.
var directive = regexp.MustCompile(`^#\s*facet:\s*cols=(\d+)\s+rows=(\d+)\s*$`)

// parseTape reads a tape with VHS's lexer and parser, so a tape passes here
// exactly when `vhs validate` accepts it, then turns its commands into
// replay steps. A command the replay cannot interpret is an error, so a
// tape that uses one cannot pass unreplayed.
func parseTape(path string) (*tape, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read tape: %w", err)
	}
	return readTape(strings.TrimSuffix(filepath.Base(path), ".tape"), string(src))
}

// readTape is parseTape on a tape's text.
func readTape(name, src string) (*tape, error) {
	file := name + ".tape"
	p := parser.New(lexer.New(src))
	cmds := p.Parse()
	if errs := p.Errors(); len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = fmt.Sprintf("%s:%d:%d: %s", file, e.Token.Line, e.Token.Column, e.Msg)
		}
		return nil, fmt.Errorf("%w:\n%s", errVHSRejects, strings.Join(msgs, "\n"))
	}
	tp := &tape{name: name, settings: map[string]string{}}
	if err := readDirective(tp, src); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	hidden := false
	for i, c := range cmds {
		text := commandText(c)
		var st *step
		switch c.Type {
		case token.OUTPUT:
			tp.output = c.Args
			continue
		case token.REQUIRE:
			continue
		case token.SET:
			tp.settings[c.Options] = c.Args
			continue
		case token.HIDE:
			hidden = true
			continue
		case token.SHOW:
			hidden = false
			continue
		case token.SLEEP:
			st = &step{kind: stepSleep}
		case token.WAIT:
			scope, pattern, _ := strings.Cut(c.Args, " ")
			if scope != "Screen" || pattern == "" {
				return nil, fmt.Errorf("%s: command %d %q: use Wait+Screen /pattern/: the replay matches the whole screen", file, i+1, text)
			}
			re, err := regexp.Compile(pattern)
			if err != nil {
				return nil, fmt.Errorf("%s: command %d %q: %w", file, i+1, text, err)
			}
			st = &step{kind: stepWait, pattern: re}
		case token.TYPE:
			st = &step{kind: stepKeys, text: c.Args}
			for _, r := range c.Args {
				st.keys = append(st.keys, tea.Char(r))
			}
		default:
			keys, err := commandKeys(c)
			if err != nil {
				return nil, fmt.Errorf("%s: command %d %q: %w", file, i+1, text, err)
			}
			st = &step{kind: stepKeys, keys: keys}
		}
		st.command = text
		if hidden {
			tp.hidden = append(tp.hidden, *st)
		} else {
			tp.steps = append(tp.steps, *st)
		}
	}
	switch {
	case tp.output != "vhs/"+tp.name+".gif":
		return nil, fmt.Errorf("%s: Output is %q, want vhs/%s.gif", file, tp.output, tp.name)
	case tp.cols <= 0 || tp.rows <= 0:
		return nil, fmt.Errorf("%s: no \"# facet: cols=N rows=M\" line: the replay needs the screen size", file)
	}
	for _, s := range []string{"Width", "Height", "FontSize"} {
		if _, ok := tp.settings[s]; !ok {
			return nil, fmt.Errorf("%s: no Set %s", file, s)
		}
	}
	return tp, nil
}

// readDirective finds the "# facet: cols=N rows=M" comment among the
// tape's tokens (VHS's parser drops comments).
func readDirective(tp *tape, src string) error {
	l := lexer.New(src)
	for tok := l.NextToken(); tok.Type != token.EOF; tok = l.NextToken() {
		if tok.Type != token.COMMENT {
			continue
		}
		m := directive.FindStringSubmatch("#" + tok.Literal)
		if m == nil {
			continue
		}
		var err error
		if tp.cols, err = strconv.Atoi(m[1]); err != nil {
			return fmt.Errorf("line %d: cols: %w", tok.Line, err)
		}
		if tp.rows, err = strconv.Atoi(m[2]); err != nil {
			return fmt.Errorf("line %d: rows: %w", tok.Line, err)
		}
	}
	return nil
}

// commandKeys turns a parsed key command into the keys it presses: a named
// key with its repeat count, or Ctrl/Alt/Shift with their argument.
func commandKeys(c parser.Command) ([]tea.Key, error) {
	if name, ok := keyNames[c.Type]; ok {
		count, err := strconv.Atoi(c.Args)
		if err != nil || count < 1 {
			return nil, fmt.Errorf("repeat count %q is not a positive number", c.Args)
		}
		k, err := tea.ParseKey(name)
		if err != nil {
			return nil, fmt.Errorf("key %s: %w", name, err)
		}
		keys := make([]tea.Key, count)
		for i := range keys {
			keys[i] = k
		}
		return keys, nil
	}
	var mods []string
	var args []string
	switch c.Type {
	case token.CTRL:
		mods = []string{"ctrl"}
		args = strings.Fields(c.Args)
	case token.ALT, token.SHIFT:
		mods = []string{strings.ToLower(c.Type.String())}
		args = []string{c.Args}
	default:
		return nil, fmt.Errorf("the replay does not interpret %s (it presses keys, types, sleeps and waits for the screen)", c.Type)
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("no key after the modifier")
	}
	for _, m := range args[:len(args)-1] {
		mods = append(mods, strings.ToLower(m))
	}
	last := args[len(args)-1]
	if n, ok := keyArgs[last]; ok {
		last = n
	} else if c.Type == token.CTRL {
		last = strings.ToLower(last)
	}
	k, err := tea.ParseKey(strings.Join(append(mods, last), "+"))
	if err != nil {
		return nil, fmt.Errorf("key: %w", err)
	}
	return []tea.Key{k}, nil
}

// commandText spells a parsed command for messages.
func commandText(c parser.Command) string {
	return strings.TrimSpace(strings.Join([]string{c.Type.String(), c.Options, c.Args}, " "))
}
