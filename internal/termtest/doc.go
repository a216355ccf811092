// Package termtest is facettest's terminal side under its former name, for
// the module's own tests that have not moved to facettest yet: the same
// types and functions, not copies.
package termtest
