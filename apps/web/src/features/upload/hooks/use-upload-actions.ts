import { type FormEvent } from "react";
import { toast } from "@/hooks/use-toast";
import { useUser } from "@/lib/auth";
import { splitTags } from "../lib/upload-rules";
import { useUploadChoices } from "./use-upload-choices";
import { useUploadQueue } from "./use-upload-queue";
import { useUploadReport } from "./use-upload-report";

/**
 * The upload form's choices, its queue, and what Upload and a row's Retry or "Upload anyway" do.
 * A title and tags belong to one document, so several files upload with neither.
 */
export function useUploadActions() {
  const user = useUser();
  const queue = useUploadQueue(user.data?.role);
  const report = useUploadReport(user.data?.role);
  const choices = useUploadChoices();
  const { files, categoryId } = choices;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || !categoryId || !user.data) {
      toast({
        variant: "destructive",
        title: "Missing information",
        description: "Please fill in all fields and select a file.",
      });
      return;
    }
    const single = files.length === 1;
    const fields = {
      title: single ? choices.title.trim() : "",
      categoryId,
      tags: single ? splitTags(choices.tags) : [],
    };
    // Kept for "Upload anyway" and Retry once the chosen files (and their suggestion) are cleared.
    choices.setCategoryId(categoryId);
    const outcomes = await queue.run(files, fields);
    choices.clearFiles();
    report(outcomes);
  }

  async function retry(key: string, allowDuplicate: boolean) {
    if (!categoryId) return;
    const one = queue.rows.length === 1;
    const fields = { title: one ? choices.title.trim() : "", categoryId, tags: [] };
    const outcome = await queue.again(key, fields, allowDuplicate);
    if (outcome?.document && one) report([outcome]);
  }

  return { choices, queue, submit, retry };
}
