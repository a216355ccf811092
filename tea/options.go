package tea

import (
	"log/slog"
	"time"
)

// DefaultTimeout is how long Dispatch waits for Update by default.
const DefaultTimeout = 5 * time.Second

// Option configures a Runtime.
type Option func(*config)

type config struct {
	timeout time.Duration
	logger  *slog.Logger
	size    WindowSizeMsg
}

// WithTimeout sets how long Dispatch waits for an answer (default 5 s).
func WithTimeout(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.timeout = d
		}
	}
}

// WithLogger sets where the runtime logs panicking commands and the like.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if l != nil {
			c.logger = l
		}
	}
}

// WithSize applies a WindowSizeMsg of the given size before Start returns,
// before anything else.
func WithSize(width, height int) Option {
	return func(c *config) { c.size = WindowSizeMsg{Width: width, Height: height} }
}
