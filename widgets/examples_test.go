package widgets_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// Every widget (an exported type with a WidgetKind method) has an Example
// function, so its documentation shows it in use.
func TestEveryWidgetHasAnExample(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	widgets, examples := map[string]bool{}, map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range names {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		test := strings.HasSuffix(name, "_test.go")
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			switch {
			case !ok:
			case test && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Example"):
				examples[strings.TrimPrefix(fn.Name.Name, "Example")] = true
			case !test && fn.Recv != nil && fn.Name.Name == "WidgetKind":
				if w := receiverType(fn); ast.IsExported(w) {
					widgets[w] = true
				}
			}
		}
	}
	if len(widgets) < 10 {
		t.Fatalf("found only %d widgets: %v", len(widgets), widgets)
	}
	for w := range widgets {
		if !examples[w] {
			t.Errorf("widget %s has no Example%s", w, w)
		}
	}
}

// receiverType names the type a method is declared on.
func receiverType(fn *ast.FuncDecl) string {
	typ := fn.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
