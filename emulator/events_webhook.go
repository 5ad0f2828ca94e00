package emulator

// Spec: Events: webhook delivery (rules 1, 2 and 5).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// webhook is a set webhook and its sender's state.
type webhook struct {
	url      string
	ip       string
	maxConns int
	cert     bool
	inflight int
	stop     chan struct{}
}

// deliver sends b's updates to h by HTTP POST, one JSON Update per request,
// at most max_connections at a time. A 2xx answer confirms the update; a
// failure is recorded (getWebhookInfo's last error) and retried after a
// growing wall-time delay, WebhookRetries times in all, then given up.
func (e *Emulator) deliver(b *bot, h *webhook) {
	defer e.wg.Done()
	for {
		wait, ok := e.startDeliveries(b, h)
		if !ok {
			return
		}
		select {
		case <-wait:
		case <-h.stop:
			return
		case <-e.stop:
			return
		}
	}
}

// startDeliveries starts posting the queued updates no attempt is carrying,
// up to max_connections in flight, and returns the channel that signals a
// change of the queue; ok is false once h is no longer the bot's webhook.
func (e *Emulator) startDeliveries(b *bot, h *webhook) (wait chan struct{}, ok bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if b.hook != h {
		return nil, false
	}
	b.expireLocked(e.now())
	for i := range b.queue {
		if h.inflight >= h.maxConns {
			break
		}
		q := &b.queue[i]
		if q.delivering {
			continue
		}
		q.delivering = true
		h.inflight++
		go e.postUpdate(b, h, q.u)
	}
	return b.notify, true
}

// postUpdate makes one delivery attempt of u.
func (e *Emulator) postUpdate(b *bot, h *webhook, u botapi.Update) {
	body, err := u.MarshalJSON()
	if err == nil && e.shapeUpdate != nil {
		body = e.shapeUpdate(body)
	}
	var reply *http.Response
	if err == nil {
		req, rerr := http.NewRequest(http.MethodPost, h.url, bytes.NewReader(body))
		if rerr != nil {
			err = rerr
		} else {
			req.Header.Set("Content-Type", "application/json")
			reply, err = e.cfg.WebhookClient.Do(req)
		}
	}
	var replyBody []byte
	var replyType string
	if err == nil {
		replyBody, _ = io.ReadAll(io.LimitReader(reply.Body, 1<<20))
		reply.Body.Close()
		replyType = reply.Header.Get("Content-Type")
		if reply.StatusCode < 200 || reply.StatusCode > 299 {
			// The service's own wording, capital included: bots read it
			// back as getWebhookInfo's last_error_message.
			err = fmt.Errorf("Wrong response from the webhook: %s", reply.Status)
		}
	}

	e.settle(b, h, u.UpdateID, err)
	if err == nil && len(replyBody) > 0 {
		e.webhookReply(b, replyType, replyBody)
	}
}

// settle records the outcome of a delivery attempt of update id.
func (e *Emulator) settle(b *bot, h *webhook, id int64, err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	h.inflight--
	i := b.indexOf(id)
	if err == nil {
		if i >= 0 {
			b.removeAt(i)
		}
	} else {
		b.lastHook = hookErr{date: e.now(), msg: errText(err)}
		if i >= 0 {
			q := &b.queue[i]
			q.attempts++
			if q.attempts >= e.cfg.WebhookRetries {
				b.removeAt(i) // given up
			} else {
				delay := e.cfg.WebhookRetryDelay << (q.attempts - 1)
				time.AfterFunc(delay, func() {
					e.mu.Lock()
					defer e.mu.Unlock()
					if j := b.indexOf(id); j >= 0 && b.hook == h {
						b.queue[j].delivering = false
						b.wake()
					}
				})
			}
		}
	}
	b.wake()
}

func errText(err error) string {
	if ue, ok := err.(*url.Error); ok {
		err = ue.Err
	}
	return err.Error()
}

// webhookReply runs the method call a bot may put in its answer to a
// delivery (Common request rules, rule 5): the body goes through the same
// handler as a request to /bot<token>/<method>. Its result is discarded, as
// the spec says the bot cannot learn it.
func (e *Emulator) webhookReply(b *bot, contentType string, body []byte) {
	method := ""
	mt, params, _ := mime.ParseMediaType(contentType)
	switch mt {
	case "application/json":
		var m struct {
			Method string `json:"method"`
		}
		if json.Unmarshal(body, &m) == nil {
			method = m.Method
		}
	case "application/x-www-form-urlencoded":
		if v, err := url.ParseQuery(string(body)); err == nil {
			method = v.Get("method")
		}
	case "multipart/form-data":
		r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		if f, err := r.ReadForm(1 << 20); err == nil {
			if v := f.Value["method"]; len(v) > 0 {
				method = v[0]
			}
			f.RemoveAll()
		}
	}
	if method == "" {
		return
	}
	req := httptest.NewRequestWithContext(context.Background(), http.MethodPost, "/bot"+e.tokenOf(b)+"/"+url.PathEscape(method), bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	e.handler.ServeHTTP(httptest.NewRecorder(), req)
}

// tokenOf is b's token, read under the lock like every field of a bot.
func (e *Emulator) tokenOf(b *bot) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return b.token
}
