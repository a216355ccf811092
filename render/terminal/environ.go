package terminal

import "strings"

// WithEnviron says what environment the terminal runs in (os.Environ()
// without it), as "KEY=value" strings: a remote terminal's, such as an SSH
// session's. NO_COLOR there, set to anything but "" (https://no-color.org),
// draws without colour (bold, faint and reverse stay), whatever colour
// profile Bubble Tea detected or WithProgramOptions set.
func WithEnviron(env []string) Option { return func(o *options) { o.environ = env } }

// noColorEnv reports whether env asks for no colour: NO_COLOR present and
// not empty, whatever its value (https://no-color.org).
func noColorEnv(env []string) bool { return lookupEnv(env, "NO_COLOR") != "" }

// lookupEnv is name's value in env, the last assignment winning; "" when
// unset.
func lookupEnv(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
			return v
		}
	}
	return ""
}
