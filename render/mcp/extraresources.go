package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/render/mcp/derive"
)

// ExtraResource is a family of JSON resources a host serves under one URI
// template (an agent's journal: facet://agent/{id}/journal). Each resource
// is read, versioned and subscribed to like a session's: its subscribers
// get notifications/resources/updated with the new version and the RFC 6902
// patch from the previous one, whenever the host calls ResourceChanged.
type ExtraResource struct {
	// Template is a URI with exactly one {variable}, such as
	// "facet://agent/{id}/journal".
	Template    string
	Name        string
	Description string
	// Read answers the resource's content as a JSON value, or an error
	// saying why uri names no resource.
	Read func(ctx context.Context, uri string) (any, error)
	// Visible, when set, answers why the caller of ctx may not read or
	// subscribe to uri, or nil. Read stays the content as the server
	// observes it for its subscribers' patches; Visible is who may have it.
	Visible func(ctx context.Context, uri string) error

	prefix, suffix string
	states         map[string]*extraState // guarded by extras.mu
}

// extraState is the last content served or notified for one resource.
type extraState struct {
	mu      sync.Mutex
	version uint64
	last    []byte
}

// AddResourceTemplate serves r. A template without exactly one {variable},
// or with no Read, is refused with an error naming it.
func (s *Server) AddResourceTemplate(r ExtraResource) error {
	open, close := strings.Index(r.Template, "{"), strings.Index(r.Template, "}")
	if open < 0 || close < open || strings.Count(r.Template, "{") != 1 || strings.Count(r.Template, "}") != 1 {
		return fmt.Errorf("mcp: AddResourceTemplate: template %q must hold exactly one {variable}", r.Template)
	}
	if r.Read == nil {
		return fmt.Errorf("mcp: AddResourceTemplate: template %q has no Read", r.Template)
	}
	res := r
	res.prefix, res.suffix = r.Template[:open], r.Template[close+1:]
	res.states = map[string]*extraState{}
	s.ext.mu.Lock()
	s.ext.res = append(s.ext.res, &res)
	s.ext.mu.Unlock()
	s.sdk.AddResourceTemplates(server.ServerResourceTemplate{
		Template: sdk.NewResourceTemplate(r.Template, r.Name, sdk.WithTemplateDescription(derive.CleanText(r.Description)), sdk.WithTemplateMIMEType(jsonMIME)),
		Handler:  s.readExtra,
	})
	return nil
}

// ResourceChanged re-reads uri: when its content differs from what was last
// served, its version moves on and its subscribers get the patch. A uri
// that no longer reads loses its state and subscriptions.
func (s *Server) ResourceChanged(uri string) {
	if r := s.ext.resource(uri); r != nil {
		_, _, _ = s.observeExtra(context.Background(), r, uri)
	}
}

// ResourceRemoved forgets uri's versions and subscriptions (the agent it
// belonged to is gone).
func (s *Server) ResourceRemoved(uri string) {
	r := s.ext.resource(uri)
	if r == nil {
		return
	}
	s.ext.mu.Lock()
	delete(r.states, uri)
	s.ext.mu.Unlock()
	s.res.mu.Lock()
	delete(s.res.subs, uri)
	s.res.mu.Unlock()
}

// resource returns the template uri belongs to, or nil.
func (e *extras) resource(uri string) *ExtraResource {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, r := range e.res {
		if len(uri) > len(r.prefix)+len(r.suffix) && strings.HasPrefix(uri, r.prefix) && strings.HasSuffix(uri, r.suffix) &&
			!strings.Contains(uri[len(r.prefix):len(uri)-len(r.suffix)], "/") {
			return r
		}
	}
	return nil
}

// subscribableExtra answers why the caller of ctx cannot subscribe to uri,
// one of a host's resources, or nil; it records the baseline the first
// patch is from.
func (s *Server) subscribableExtra(ctx context.Context, r *ExtraResource, uri string) error {
	if r.Visible != nil {
		if err := r.Visible(ctx, uri); err != nil {
			return fmt.Errorf("resource %q: %w", uri, err)
		}
	}
	_, _, err := s.observeExtra(context.Background(), r, uri)
	return err
}

func (s *Server) readExtra(ctx context.Context, req sdk.ReadResourceRequest) ([]sdk.ResourceContents, error) {
	uri := req.Params.URI
	r := s.ext.resource(uri)
	if r == nil {
		return nil, fmt.Errorf("resource %q: no such resource", uri)
	}
	if r.Visible != nil {
		if err := r.Visible(ctx, uri); err != nil {
			return nil, fmt.Errorf("resource %q: %w", uri, err)
		}
	}
	version, body, err := s.observeExtra(ctx, r, uri)
	if err != nil {
		return nil, err
	}
	return []sdk.ResourceContents{sdk.TextResourceContents{
		URI: uri, MIMEType: jsonMIME, Text: string(body), Meta: map[string]any{"version": version},
	}}, nil
}

// observeExtra reads uri; new content moves its version on and notifies
// its subscribers with the patch.
func (s *Server) observeExtra(ctx context.Context, r *ExtraResource, uri string) (uint64, []byte, error) {
	s.ext.mu.Lock()
	st := r.states[uri]
	if st == nil {
		st = &extraState{}
		r.states[uri] = st
	}
	s.ext.mu.Unlock()
	// Read under the resource's own lock, so two observers never send its
	// content back in time.
	st.mu.Lock()
	defer st.mu.Unlock()
	v, err := r.Read(ctx, uri)
	if err != nil {
		s.ResourceRemoved(uri)
		return 0, nil, fmt.Errorf("resource %q: %w", uri, err)
	}
	body, err := json.Marshal(v)
	if err != nil {
		return 0, nil, fmt.Errorf("resource %q: its content cannot be encoded as JSON: %w", uri, err)
	}
	if st.version > 0 && bytes.Equal(body, st.last) {
		return st.version, body, nil
	}
	patch, perr := derive.Diff(st.last, body)
	st.version++
	st.last = body
	if perr == nil {
		s.res.notify(uri, st.version, patch)
	}
	return st.version, body, nil
}
