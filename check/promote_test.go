package check

import (
	"context"
	"testing"
)

// TestPromotedCovered: a rule the system policy makes hardline stays
// hardline when a pack entry that refines it is the one reported
// (kubernetes-delete over cloud-destroy, hosting-delete over destroy-data).
func TestPromotedCovered(t *testing.T) {
	for _, tt := range []struct {
		promoted, line string
		want           Verdict
	}{
		{"cloud-destroy", "kubectl delete ns prod", Block},
		{"cloud-destroy", "helm uninstall web", Block},
		{"kubernetes-delete", "kubectl delete ns prod", Block},
		{"cloud-destroy", "kubectl delete deploy web", Ask}, // cloud-destroy never matched it
		{"container-stop", "docker volume rm data", Block},
		{"cloud-destroy", "kubectl get ns", Allow},
		// Commands the clouds and iac packs took over from cloud-destroy
		// and destroy-data (their entries' Formerly): the promotion holds.
		{"cloud-destroy", "terraform destroy", Block},
		{"cloud-destroy", "aws s3 rm s3://b --recursive", Block},
		{"cloud-destroy", "gcloud projects delete p", Block},
		{"destroy-data", "cdk destroy MyStack", Block},
		{"cloud-destroy", "terraform plan", Allow},
	} {
		res := Line(context.Background(), tt.line, Options{Promoted: map[string]bool{tt.promoted: true}})
		if res.Verdict != tt.want {
			t.Errorf("%s promoted, %q: %v, want %v (%v)", tt.promoted, tt.line, res.Verdict, tt.want, res.Findings)
		}
	}
}
