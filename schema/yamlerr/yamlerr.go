// Package yamlerr turns the errors of gopkg.in/yaml.v3 into messages for
// the person who wrote the file: one line per problem, each "file:line:",
// in the file's words (keys and kinds of value), never the Go type the
// file is decoded into ("config.Config").
package yamlerr

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

var (
	reLine     = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
	reUnknown  = regexp.MustCompile(`^field (\S+) not found in type \S+$`)
	reMismatch = regexp.MustCompile("^cannot unmarshal !!(\\w+)(?: `(.*)`)? into (\\S+)$")
)

// Clean rewrites err, an error of decoding file with yaml.v3. keys lists
// the keys the file may have; they are named only where a key is unknown
// (not for a syntax error, where they do not help).
func Clean(file string, err error, keys []string) error {
	if err == nil {
		return nil
	}
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	var out []error
	for _, m := range msgs {
		line, text := "", strings.TrimSpace(m)
		if sm := reLine.FindStringSubmatch(text); sm != nil {
			line, text = sm[1], sm[2]
		}
		switch {
		case reUnknown.MatchString(text):
			key := reUnknown.FindStringSubmatch(text)[1]
			text = fmt.Sprintf("unknown key %q (the keys are %s)", key, strings.Join(keys, ", "))
		case reMismatch.MatchString(text):
			sm := reMismatch.FindStringSubmatch(text)
			text = fmt.Sprintf("%s where %s is wanted", kind(sm[1], sm[2]), want(sm[3]))
		default:
			text = strings.TrimPrefix(text, "yaml: ")
			if _, isType := err.(*yaml.TypeError); !isType {
				text += " (YAML syntax)"
			}
		}
		where := file
		if line != "" {
			where += ":" + line
		}
		out = append(out, fmt.Errorf("%s: %s", where, text))
	}
	return errors.Join(out...)
}

func kind(tag, value string) string {
	var k string
	switch tag {
	case "seq":
		k = "a list"
	case "map":
		k = "a mapping"
	case "str":
		k = "a string"
	case "int", "float":
		k = "a number"
	case "bool":
		k = "true or false"
	default:
		k = "a " + tag
	}
	if value != "" {
		k += " (" + value + ")"
	}
	return k
}

func want(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "int") || strings.HasPrefix(goType, "float"):
		return "a number"
	}
	return "a mapping"
}
