// Package version says which apigen is running, from the Go build info: the
// module version when apigen is built as a dependency (go install …@v1.2.3,
// go get -tool), and the VCS revision when the binary records one.
//
// Generated headers carry Stamp, which is stable for a working copy:
// a build from a checkout (the main module, or a replace to a directory)
// stamps "(devel)", never a VCS-derived pseudo-version or a "+dirty" suffix,
// so golden files and committed output do not churn with every commit.
package version

import (
	"runtime/debug"
	"strings"
)

// Module is apigen's module path.
const Module = "github.com/apigen/apigen"

// Devel is the stamp of a build from a working copy.
const Devel = "(devel)"

// Info is what the build info says about apigen.
type Info struct {
	// Version is the module version ("v1.2.3", a pseudo-version, or
	// "(devel)").
	Version string
	// Replaced is set when apigen's module is replaced by a directory.
	Replaced string
	// Main reports whether apigen is the main module (go run ./cmd/apigen
	// in a checkout, go test).
	Main bool
	// Revision, Time and Modified come from the VCS stamp, when present.
	Revision, Time string
	Modified       bool
	// Go is the toolchain that built the binary.
	Go string
}

// Read returns apigen's build information; ok is false when the binary
// has none.
func Read() (Info, bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Version: Devel}, false
	}
	return fromBuildInfo(bi), true
}

func fromBuildInfo(bi *debug.BuildInfo) Info {
	info := Info{Version: Devel, Go: bi.GoVersion}
	if bi.Main.Path == Module {
		info.Main = true
		if bi.Main.Version != "" {
			info.Version = bi.Main.Version
		}
	}
	for _, d := range bi.Deps {
		if d.Path != Module {
			continue
		}
		info.Version = d.Version
		if d.Replace != nil {
			info.Version = d.Replace.Version
			if d.Replace.Version == "" {
				info.Replaced = d.Replace.Path
				info.Version = Devel
			}
		}
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Revision = s.Value
		case "vcs.time":
			info.Time = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}

// Stamp is the version written into generated headers: the module version
// when apigen is a dependency at a version, else Devel.
func Stamp() string {
	info, _ := Read()
	return info.stamp()
}

func (i Info) stamp() string {
	if i.Main || i.Replaced != "" || i.Version == "" || strings.HasSuffix(i.Version, "+dirty") {
		return Devel
	}
	return i.Version
}

// String describes the build in one line:
// "apigen v1.2.3 (go1.26.0)" or "apigen (devel) (vcs 1a2b3c4d5e6f, modified; go1.26.0)".
func (i Info) String() string {
	s := "apigen " + i.Version
	var extra []string
	if i.Replaced != "" {
		extra = append(extra, "replaced by "+i.Replaced)
	}
	if i.Revision != "" {
		rev := i.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v := "vcs " + rev
		if i.Time != "" {
			v += " " + i.Time
		}
		if i.Modified {
			v += ", modified"
		}
		extra = append(extra, v)
	}
	if i.Go != "" {
		extra = append(extra, i.Go)
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, "; ") + ")"
	}
	return s
}
