package mcp

import (
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/facetui/facet/tea"
)

// App is an app a client may start by name with facet_start: a tea.App.
// cmd/ gives the server its catalog; the renderer never imports the apps
// itself.
type App = tea.App

// Tool name styles for ToolNames.
const (
	// NamesSafe, the default, advertises a session's tools as
	// <session>_<widget>_<action> (derive.SafeName): every name follows
	// derive.NameRule, which every major client accepts.
	NamesSafe = "safe"
	// NamesDotted advertises them in the seed's spelling,
	// <session>.<widget>.<action>, which clients that check names against
	// ^[a-zA-Z0-9_-]{1,64}$ refuse (with the whole tool list). Calls by
	// either spelling work in both styles.
	NamesDotted = "dotted"
)

// Options configure a Server.
type Options struct {
	// Apps is the catalog facet_start starts from.
	Apps []App
	// Startable names the apps facet_start may start. Nil means every app
	// that is not Restricted; a non-nil list replaces that default, and every
	// entry must name an app in Apps.
	Startable []string
	// ToolNames is NamesSafe (default) or NamesDotted.
	ToolNames string
	// ToolList is ToolListFull (default) or ToolListCompact: what
	// tools/list holds.
	ToolList string
	// Schemas is SchemasDefault or SchemasStrict: the schemas tools/list
	// serves (SchemasStrict: those OpenAI's strict mode accepts).
	Schemas string
	// MaxSessionTools caps how many of one session's derived tools
	// tools/list holds: past it, the tools of the widgets out of view the
	// longest are left out (they stay callable by name and through
	// facet_act; the tools of the current view are always listed). 0
	// means DefaultMaxSessionTools; a negative value is a ConfigError.
	MaxSessionTools int
	// MaxSessions caps the sessions clients have started with facet_start
	// that are running at once: at the cap facet_start refuses, naming the
	// limit and saying to facet_stop one. 0 means DefaultMaxSessions; a
	// negative value is a ConfigError. Each session adds its tools to every
	// client's tools/list, so this bounds what clients can make it grow
	// to. Sessions started any other way (Server.StartSession, another
	// renderer sharing Sessions) are their starter's business: they
	// neither count nor are refused.
	MaxSessions int
	// MaxSessionsPerClient caps the sessions one client connection has
	// started with facet_start that are running at once, within
	// MaxSessions, so that one client cannot take every place: at it
	// facet_start refuses, naming the caller's own sessions to stop. It
	// does not apply over stdio, where there is one client. 0 means
	// DefaultMaxSessionsPerClient (or MaxSessions, when that is smaller);
	// a negative value is a ConfigError.
	MaxSessionsPerClient int
	// Sessions is the registry sessions live in; share it with other
	// renderers to drive the same sessions. Nil makes a new one.
	Sessions *tea.Sessions
	// Cluster, when set, joins the server to the other nodes of a
	// cluster: it is consulted before every session starts, and for every
	// request about a session that does not run here (see Cluster).
	Cluster Cluster
	// CallTimeout bounds how long a write waits for Update (default 5 s).
	CallTimeout time.Duration
	// Logger receives warnings; nil discards them. Never stdout on stdio.
	Logger *slog.Logger
	// Now is the clock for circuit breakers (tests); nil is time.Now.
	Now func() time.Time

	// Auth decides who may call which tool and read what.
	Auth AuthOptions
	// UI draws sessions as MCP Apps views (ui://facet/session/<id>) for
	// clients that declare the io.modelcontextprotocol/ui extension; nil
	// offers none. render/web's App is one.
	UI UIRenderer
	// AskPerson puts an authorizer's Ask about a host session (one a
	// person started: a terminal's, an SSH connection's) to that person,
	// on the session's status line, instead of to the client through
	// elicitation; no answer within AskTimeout denies. Set it where a
	// person is at every host session, as the playground is.
	AskPerson bool
	// AskTimeout bounds how long an Ask waits for its answer (default
	// DefaultAskTimeout); then it denies.
	AskTimeout time.Duration
	// Addr is the HTTP address ListenAndServe listens on (host:port;
	// DefaultHTTPAddr, on loopback, when empty); Handler checks Host and
	// Origin as serving it asks.
	Addr string
	// HTTP configures the HTTP transport.
	HTTP HTTPOptions
	// MaxSubscriptions caps the resources one client connection is
	// subscribed to at once (default DefaultMaxSubscriptions); a
	// subscription past it is refused, naming the limit.
	MaxSubscriptions int
}

// DefaultMaxSubscriptions is Options.MaxSubscriptions when it is 0.
const DefaultMaxSubscriptions = 100

// DefaultMaxSessionTools is Options.MaxSessionTools when it is 0.
const DefaultMaxSessionTools = 64

// DefaultMaxSessions is Options.MaxSessions when it is 0.
const DefaultMaxSessions = 32

// DefaultMaxSessionsPerClient is Options.MaxSessionsPerClient when it is 0.
const DefaultMaxSessionsPerClient = 8

// ConfigError names an option and what is wrong with it.
type ConfigError struct {
	Option string
	Reason string
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("mcp: option %s: %s", e.Option, e.Reason)
}

// DefaultStartable returns the names of apps that are not Restricted, in
// catalog order.
func DefaultStartable(apps []App) []string {
	var out []string
	for _, a := range apps {
		if !a.Restricted {
			out = append(out, a.Name)
		}
	}
	return out
}

func (o *Options) resolve() error {
	if o.ToolNames == "" {
		o.ToolNames = NamesSafe
	}
	switch {
	case o.MaxSessions < 0:
		return &ConfigError{Option: "MaxSessions", Reason: fmt.Sprintf("%d is negative: use 0 for the default (%d) or a positive cap", o.MaxSessions, DefaultMaxSessions)}
	case o.MaxSessions == 0:
		o.MaxSessions = DefaultMaxSessions
	}
	switch {
	case o.MaxSessionsPerClient < 0:
		return &ConfigError{Option: "MaxSessionsPerClient", Reason: fmt.Sprintf("%d is negative: use 0 for the default (%d) or a positive cap", o.MaxSessionsPerClient, DefaultMaxSessionsPerClient)}
	case o.MaxSessionsPerClient == 0:
		o.MaxSessionsPerClient = min(DefaultMaxSessionsPerClient, o.MaxSessions)
	}
	switch {
	case o.MaxSessionTools < 0:
		return &ConfigError{Option: "MaxSessionTools", Reason: fmt.Sprintf("%d is negative: use 0 for the default (%d) or a positive cap", o.MaxSessionTools, DefaultMaxSessionTools)}
	case o.MaxSessionTools == 0:
		o.MaxSessionTools = DefaultMaxSessionTools
	}
	if o.ToolList == "" {
		o.ToolList = ToolListFull
	}
	if o.ToolList != ToolListFull && o.ToolList != ToolListCompact {
		return &ConfigError{Option: "ToolList", Reason: fmt.Sprintf("%q is not a tool list shape: use %q or %q", o.ToolList, ToolListFull, ToolListCompact)}
	}
	if o.ToolNames != NamesDotted && o.ToolNames != NamesSafe {
		return &ConfigError{Option: "ToolNames", Reason: fmt.Sprintf("%q is not a tool name style: use %q (the default) or %q", o.ToolNames, NamesSafe, NamesDotted)}
	}
	names := make([]string, 0, len(o.Apps))
	for i, a := range o.Apps {
		if a.Name == "" || a.New == nil {
			return &ConfigError{Option: "Apps", Reason: fmt.Sprintf("entry %d needs a Name and a New constructor", i)}
		}
		if slices.Contains(names, a.Name) {
			return &ConfigError{Option: "Apps", Reason: fmt.Sprintf("app %q is listed twice", a.Name)}
		}
		names = append(names, a.Name)
	}
	if o.Startable == nil {
		o.Startable = DefaultStartable(o.Apps)
	} else {
		for _, s := range o.Startable {
			if !slices.Contains(names, s) {
				return &ConfigError{Option: "Startable", Reason: fmt.Sprintf("%q is not a registered app (apps: %s)", s, strings.Join(names, ", "))}
			}
		}
	}
	if err := o.HTTP.resolve(); err != nil {
		return err
	}
	switch {
	case o.MaxSubscriptions < 0:
		return &ConfigError{Option: "MaxSubscriptions", Reason: fmt.Sprintf("%d is negative: use 0 for the default (%d) or a positive cap", o.MaxSubscriptions, DefaultMaxSubscriptions)}
	case o.MaxSubscriptions == 0:
		o.MaxSubscriptions = DefaultMaxSubscriptions
	}
	if o.Sessions == nil {
		o.Sessions = tea.NewSessions()
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = tea.DefaultTimeout
	}
	if o.AskTimeout < 0 {
		return &ConfigError{Option: "AskTimeout", Reason: fmt.Sprintf("%v is negative: use 0 for the default (%v)", o.AskTimeout, DefaultAskTimeout)}
	}
	if o.AskTimeout == 0 {
		o.AskTimeout = DefaultAskTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return nil
}
