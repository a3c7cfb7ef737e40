import { type FormEvent } from "react";
import { toast } from "@/hooks/use-toast";
import { i18n } from "@/lib/i18n";
import "../locale";
import { useUser } from "@/lib/auth";
import { splitTags } from "../lib/upload-rules";
import { useUploadChoices } from "./use-upload-choices";
import { useUploadQueue } from "./use-upload-queue";
import { useUploadReport } from "./use-upload-report";

/**
 * The upload form's choices, its queue, and what Upload and a row's Retry or "Upload anyway" do.
 * Each file goes with its own title and category; tags belong to a single file's form. The files
 * that went in leave the form; any the server refused stay, with everything chosen for them.
 */
export function useUploadActions() {
  const user = useUser();
  const queue = useUploadQueue(user.data?.role);
  const report = useUploadReport(user.data?.role);
  const choices = useUploadChoices();
  const { files } = choices;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || !user.data) {
      toast({
        variant: "destructive",
        title: i18n.t("upload:form.missingTitle"),
        description: i18n.t("upload:form.missingDescription"),
      });
      return;
    }
    const single = files.length === 1;
    const items = files.map((f) => ({
      key: f.key,
      file: f.file,
      fields: {
        title: f.title.trim(),
        categoryId: f.categoryId,
        tags: single ? splitTags(choices.tags) : [],
      },
      refusal: f.refusal,
    }));
    const outcomes = await queue.run(items);
    choices.keepOnly(new Set(outcomes.filter((o) => !o.document).map((o) => o.key)));
    report(outcomes);
  }

  async function retry(key: string, allowDuplicate: boolean) {
    const outcome = await queue.again(key, allowDuplicate);
    if (outcome?.document) {
      choices.keepOnly(new Set(choices.files.filter((f) => f.key !== key).map((f) => f.key)));
      if (queue.rows.length === 1) report([outcome]);
    }
  }

  return { choices, queue, submit, retry };
}
