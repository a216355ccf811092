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
	observe func(Event)
	clock   Clock
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

// WithObserver has the runtime tell observe of every message it takes,
// every message it hands to Update and every snapshot it publishes, in
// order (see Event). observe runs on the owner goroutine, so it may read
// the snapshots without racing the model; it must return quickly and must
// not call the runtime. A recorder (package trace) is one.
//
// Observers add up: with several WithObserver options (a recorder the
// program adds to every session, another an agent starts), each is told
// of every event, in the order the options were given.
func WithObserver(observe func(Event)) Option {
	return func(c *config) {
		switch prev := c.observe; {
		case observe == nil:
		case prev == nil:
			c.observe = observe
		default:
			c.observe = func(ev Event) {
				prev(ev)
				observe(ev)
			}
		}
	}
}

// WithClock sets the clock the runtime's timers run on: Tick's and the
// notifications' expiry (default: the real time). A replay drives ticks
// with a virtual one.
func WithClock(clock Clock) Option {
	return func(c *config) {
		if clock != nil {
			c.clock = clock
		}
	}
}
