package vhs_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/facetui/facet/tea"
)

// tape is a parsed VHS tape: its settings, the commands typed while the
// recording is hidden (the shell command that starts the demo) and the
// steps shown in the GIF.
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
	line    int
	command string // the tape's text, for messages
	kind    stepKind
	keys    []tea.Key
	text    string // what Type typed (for the hidden shell command)
	pattern *regexp.Regexp
}

// settingNames are the Set commands a tape may use: VHS's own.
var settingNames = map[string]bool{
	"Shell": true, "FontSize": true, "FontFamily": true, "Width": true, "Height": true,
	"LetterSpacing": true, "LineHeight": true, "TypingSpeed": true, "Theme": true,
	"Padding": true, "Margin": true, "MarginFill": true, "WindowBar": true,
	"WindowBarSize": true, "BorderRadius": true, "Framerate": true,
	"PlaybackSpeed": true, "LoopOffset": true, "CursorBlink": true,
}

// keyNames maps VHS's key commands to Facet's key names.
var keyNames = map[string]string{
	"Enter": "enter", "Tab": "tab", "Backspace": "backspace", "Delete": "delete",
	"Insert": "insert", "Escape": "esc", "Space": "space", "Up": "up", "Down": "down",
	"Left": "left", "Right": "right", "Home": "home", "End": "end",
	"PageUp": "pgup", "PageDown": "pgdown",
}

var (
	directive = regexp.MustCompile(`^#\s*facet:\s*cols=(\d+)\s+rows=(\d+)\s*$`)
	// A key command: its name, an optional @speed and an optional count.
	keyCommand  = regexp.MustCompile(`^([A-Za-z]+(?:\+[A-Za-z]+)*(?:\+\S)?)(@\S+)?(?:\s+(\d+))?$`)
	typeCommand = regexp.MustCompile(`^Type(@\S+)?\s+(.+)$`)
	waitCommand = regexp.MustCompile(`^Wait\+Screen(@\S+)?\s+/(.*)/$`)
)

// parseTape reads a tape. Commands it does not know are errors, so a tape
// that uses one cannot pass unreplayed.
func parseTape(path string) (*tape, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open tape: %w", err)
	}
	defer f.Close()
	tp := &tape{name: strings.TrimSuffix(filepath.Base(path), ".tape"), settings: map[string]string{}}
	hidden := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %q: %s", filepath.Base(path), n, line, fmt.Sprintf(format, args...))
		}
		if m := directive.FindStringSubmatch(line); m != nil {
			tp.cols, _ = strconv.Atoi(m[1])
			tp.rows, _ = strconv.Atoi(m[2])
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		var st *step
		switch {
		case word == "Output":
			tp.output = rest
			continue
		case word == "Require":
			continue
		case word == "Set":
			name, value, ok := strings.Cut(rest, " ")
			if !ok || !settingNames[name] {
				return nil, fail("not a VHS setting")
			}
			tp.settings[name] = strings.TrimSpace(value)
			continue
		case word == "Hide":
			hidden = true
			continue
		case word == "Show":
			hidden = false
			continue
		case word == "Sleep":
			if _, err := parseDuration(rest); err != nil {
				return nil, fail("%v", err)
			}
			st = &step{kind: stepSleep}
		case strings.HasPrefix(word, "Wait"):
			m := waitCommand.FindStringSubmatch(line)
			if m == nil {
				return nil, fail("use Wait+Screen /pattern/: the replay matches the whole screen")
			}
			re, err := regexp.Compile(m[2])
			if err != nil {
				return nil, fail("%v", err)
			}
			st = &step{kind: stepWait, pattern: re}
		case strings.HasPrefix(word, "Type"):
			m := typeCommand.FindStringSubmatch(line)
			if m == nil {
				return nil, fail("Type needs a quoted string")
			}
			text, err := unquote(m[2])
			if err != nil {
				return nil, fail("%v", err)
			}
			st = &step{kind: stepKeys, text: text}
			for _, r := range text {
				st.keys = append(st.keys, tea.Char(r))
			}
		default:
			keys, err := parseKeys(line)
			if err != nil {
				return nil, fail("%v", err)
			}
			st = &step{kind: stepKeys, keys: keys}
		}
		st.line, st.command = n, line
		if hidden {
			tp.hidden = append(tp.hidden, *st)
		} else {
			tp.steps = append(tp.steps, *st)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read tape: %w", err)
	}
	switch {
	case tp.output != "vhs/"+tp.name+".gif":
		return nil, fmt.Errorf("%s: Output is %q, want vhs/%s.gif", filepath.Base(path), tp.output, tp.name)
	case tp.cols <= 0 || tp.rows <= 0:
		return nil, fmt.Errorf("%s: no \"# facet: cols=N rows=M\" line: the replay needs the screen size", filepath.Base(path))
	}
	for _, s := range []string{"Width", "Height", "FontSize"} {
		if _, ok := tp.settings[s]; !ok {
			return nil, fmt.Errorf("%s: no Set %s", filepath.Base(path), s)
		}
	}
	return tp, nil
}

// parseKeys reads a key command: Enter, Down@100ms 3, Ctrl+U, Shift+Tab.
func parseKeys(line string) ([]tea.Key, error) {
	m := keyCommand.FindStringSubmatch(line)
	if m == nil {
		return nil, fmt.Errorf("not a VHS command this replay knows")
	}
	if m[2] != "" {
		if _, err := parseDuration(m[2][1:]); err != nil {
			return nil, err
		}
	}
	count := 1
	if m[3] != "" {
		count, _ = strconv.Atoi(m[3])
	}
	parts := strings.Split(m[1], "+")
	var name strings.Builder
	for _, mod := range parts[:len(parts)-1] {
		switch mod {
		case "Ctrl", "Alt", "Shift":
			name.WriteString(strings.ToLower(mod) + "+")
		default:
			return nil, fmt.Errorf("unknown modifier %q (Ctrl, Alt, Shift)", mod)
		}
	}
	last := parts[len(parts)-1]
	switch {
	case keyNames[last] != "":
		name.WriteString(keyNames[last])
	case len(parts) > 1 && len([]rune(last)) == 1:
		name.WriteString(strings.ToLower(last))
	default:
		return nil, fmt.Errorf("unknown key %q", last)
	}
	k, err := tea.ParseKey(name.String())
	if err != nil {
		return nil, fmt.Errorf("key %s: %w", m[1], err)
	}
	keys := make([]tea.Key, count)
	for i := range keys {
		keys[i] = k
	}
	return keys, nil
}

// parseDuration reads a VHS duration: 500ms, 2s, or a bare number of
// seconds.
func parseDuration(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("duration %q: %w", s, err)
	}
	return d, nil
}

// unquote reads a VHS string: "double", 'single' or `backtick` quoted,
// without escapes.
func unquote(s string) (string, error) {
	if len(s) >= 2 && strings.ContainsRune("\"'`", rune(s[0])) && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1], nil
	}
	return "", fmt.Errorf("string %s is not quoted with \", ' or `", s)
}
