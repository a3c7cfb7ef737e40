import { useLocation } from "wouter";
import type { Role } from "@quire/contracts";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { formatCount } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import "../locale";
import { DuplicateUploadError } from "../api/upload-document";
import { uploadErrorDescription } from "../lib/upload-error";
import type { UploadOutcome } from "./use-upload-queue";

/** History state the document page reads (processing-banner.tsx): the upload's follow-up toast and offer. */
const UPLOADED_STATE = { uploaded: true } as const;

/** Seed §8's text only once it is true; before, what is true: uploaded, processing under way. */
function uploadedText(document: { title: string; processing: { state: string } }): string {
  return i18n.t(
    document.processing.state === "ready" ? "upload:report.processed" : "upload:report.processing",
    {
      title: document.title,
    },
  );
}

/**
 * Says how an upload went: one file that uploaded opens its document with a toast, one that failed
 * toasts why; several get one toast counting them, their rows telling each file's result. A
 * duplicate says nothing here: its row offers "Upload anyway".
 */
export function useUploadReport(role?: Role) {
  const [, navigate] = useLocation();
  return (results: UploadOutcome[]) => {
    const done = results.flatMap((r) => (r.document ? [r.document] : []));
    const failed = results.filter((r) => r.error && !(r.error instanceof DuplicateUploadError));
    if (results.length === 1) {
      const [only] = results;
      if (only?.document) {
        toast({ title: i18n.t("upload:report.success"), description: uploadedText(only.document) });
        navigate(paths.document.getHref(only.document.id), { state: UPLOADED_STATE });
      } else if (only && failed.length === 1) {
        toast({
          variant: "destructive",
          title: i18n.t("upload:report.failed"),
          description: uploadErrorDescription(only.error, role),
        });
      }
      return;
    }
    if (failed.length > 0) {
      toast({
        variant: "destructive",
        title: i18n.t("upload:report.failed"),
        description: i18n.t("upload:report.someFailed", {
          failed: formatCount(failed.length),
          total: formatCount(results.length),
          count: done.length,
        }),
      });
    } else if (done.length > 0) {
      toast({
        title: i18n.t("upload:report.success"),
        description: i18n.t("upload:report.allDone", { count: done.length, n: formatCount(done.length) }),
      });
    }
  };
}
