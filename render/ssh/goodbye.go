package ssh

import (
	"errors"
	"fmt"
	"time"
)

// Why a session ended, as the cause of its context.
var (
	errShutdown     = errors.New("the server is shutting down")
	errIdle         = errors.New("idle timeout")
	errMaxTime      = errors.New("maximum session time")
	errDisconnected = errors.New("the client disconnected")
)

// Messages a client reads.
const (
	msgNoPTY = "facet: this server needs an interactive terminal; connect with ssh -t"
	msgFull  = "facet: sorry, the server is full (at most %d sessions at once); please try again in a while"
	msgStart = "facet: the app could not start: %v"
)

// goodbye is the line printed on the client's ordinary screen once its
// session has ended and the app's screen is gone; "" when the client is no
// longer there to read it.
func (s *Server) goodbye(id string, cause error, lasted time.Duration) string {
	lasted = lasted.Round(time.Second)
	switch {
	case errors.Is(cause, errDisconnected):
		return ""
	case errors.Is(cause, errShutdown):
		return fmt.Sprintf("facet: the server is shutting down; goodbye (session %s, %s)", id, lasted)
	case errors.Is(cause, errIdle):
		return fmt.Sprintf("facet: no input for %s; goodbye (session %s)", s.opts.IdleTimeout, id)
	case errors.Is(cause, errSharingEnded):
		return fmt.Sprintf("facet: the host ended the sharing of session %s; goodbye", id)
	case errors.Is(cause, errMaxTime):
		return fmt.Sprintf("facet: sessions last at most %s; goodbye (session %s)", s.opts.MaxTimeout, id)
	case cause != nil:
		return "" // the connection is gone
	}
	return fmt.Sprintf("facet: goodbye (session %s, %s)", id, lasted)
}
