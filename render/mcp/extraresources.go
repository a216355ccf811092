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

	"github.com/facetui/facet/render/mcp/internal/derive"
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
func (e *Extensions) AddResourceTemplate(r ExtraResource) error {
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
	e.mu.Lock()
	e.res = append(e.res, &res)
	e.mu.Unlock()
	e.sdk.AddResourceTemplates(server.ServerResourceTemplate{
		Template: sdk.NewResourceTemplate(r.Template, r.Name, sdk.WithTemplateDescription(derive.CleanText(r.Description)), sdk.WithTemplateMIMEType(jsonMIME)),
		Handler:  e.read,
	})
	return nil
}

// ResourceChanged re-reads uri: when its content differs from what was last
// served, its version moves on and its subscribers get the patch. A uri
// that no longer reads loses its state and subscriptions.
func (e *Extensions) ResourceChanged(uri string) {
	if r := e.resource(uri); r != nil {
		_, _, _ = e.observe(context.Background(), r, uri)
	}
}

// ResourceRemoved forgets uri's versions and subscriptions (the agent it
// belonged to is gone).
func (e *Extensions) ResourceRemoved(uri string) {
	r := e.resource(uri)
	if r == nil {
		return
	}
	e.mu.Lock()
	delete(r.states, uri)
	e.mu.Unlock()
	e.resources.mu.Lock()
	delete(e.resources.subs, uri)
	e.resources.mu.Unlock()
}

// resource returns the template uri belongs to, or nil.
func (e *Extensions) resource(uri string) *ExtraResource {
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

// subscribable answers why the caller of ctx cannot subscribe to uri,
// one of a host's resources, or nil; it records the baseline the first
// patch is from.
func (e *Extensions) subscribable(ctx context.Context, r *ExtraResource, uri string) error {
	if r.Visible != nil {
		if err := r.Visible(ctx, uri); err != nil {
			return fmt.Errorf("resource %q: %w", uri, err)
		}
	}
	_, _, err := e.observe(context.Background(), r, uri)
	return err
}

// read answers resources/read of one of a host's resources.
func (e *Extensions) read(ctx context.Context, req sdk.ReadResourceRequest) ([]sdk.ResourceContents, error) {
	uri := req.Params.URI
	r := e.resource(uri)
	if r == nil {
		return nil, fmt.Errorf("resource %q: no such resource", uri)
	}
	if r.Visible != nil {
		if err := r.Visible(ctx, uri); err != nil {
			return nil, fmt.Errorf("resource %q: %w", uri, err)
		}
	}
	version, body, err := e.observe(ctx, r, uri)
	if err != nil {
		return nil, err
	}
	return []sdk.ResourceContents{sdk.TextResourceContents{
		URI: uri, MIMEType: jsonMIME, Text: string(body), Meta: map[string]any{"version": version},
	}}, nil
}

// observe reads uri; new content moves its version on and notifies
// its subscribers with the patch.
func (e *Extensions) observe(ctx context.Context, r *ExtraResource, uri string) (uint64, []byte, error) {
	e.mu.Lock()
	st := r.states[uri]
	if st == nil {
		st = &extraState{}
		r.states[uri] = st
	}
	e.mu.Unlock()
	// Read under the resource's own lock, so two observers never send its
	// content back in time.
	st.mu.Lock()
	defer st.mu.Unlock()
	v, err := r.Read(ctx, uri)
	if err != nil {
		e.ResourceRemoved(uri)
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
		e.resources.notify(uri, st.version, patch)
	}
	return st.version, body, nil
}
