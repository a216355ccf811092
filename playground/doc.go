// Package playground holds Facet's demo apps and the catalog that names them.
//
// Each demo is an ordinary tea.Model built from widgets and their state
// helpers, one file per demo. The catalog (Catalog, Lookup, Names) gives
// renderers a list of named constructors, and Browser is an app that shows
// the catalog and opens any demo inside itself.
//
// The demos' names and widget ids are a public contract: agents driving a
// demo over MCP call tools named after them, and catalog_test.go pins them.
package playground
