package docs_test

import (
	"bytes"
	"encoding/json"
	"html"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// TestJSONExamplesPassTheGeneratedServer posts every method page's JSON
// example to the generated server (with no implementation): a request the
// server decodes and validates reaches the implementation and is answered
// 404 "method not implemented"; a bad example would get 400.
func TestJSONExamplesPassTheGeneratedServer(t *testing.T) {
	s := load(t)
	files := generate(t, s)
	srv := httptest.NewServer(botapiserver.NewServer(nil))
	defer srv.Close()
	code := regexp.MustCompile(`(?s)<pre class="example"><code class="language-json">(.*?)</code></pre>`)
	for _, m := range s.Methods {
		c := code.FindStringSubmatch(string(files["method-"+m.Name+".html"]))
		if c == nil {
			t.Errorf("%s: no example", m.Name)
			continue
		}
		body := html.UnescapeString(c[1])
		ctype, req := "application/json", body
		var uploads []string
		for _, p := range m.Params {
			if p.Required && p.Constraints != nil && p.Constraints.UploadOnly {
				uploads = append(uploads, p.Name)
			}
		}
		if len(uploads) > 0 {
			// The page says: the file as a part, the JSON fields as fields.
			var fields map[string]json.RawMessage
			if err := json.Unmarshal([]byte(body), &fields); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			for k, v := range fields {
				var str string
				if json.Unmarshal(v, &str) != nil {
					str = string(v)
				}
				mw.WriteField(k, str)
			}
			for _, u := range uploads {
				fw, _ := mw.CreateFormFile(u, u+".jpg")
				fw.Write([]byte("\xff\xd8 not really a jpeg"))
			}
			mw.Close()
			ctype, req = mw.FormDataContentType(), buf.String()
		}
		resp, err := http.Post(srv.URL+"/bot123:token/"+m.Name, ctype, strings.NewReader(req))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: the generated server answers %d to the example\n%s", m.Name, resp.StatusCode, body)
		}
	}
}
