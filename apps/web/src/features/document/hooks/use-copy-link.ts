import { useEffect, useRef, useState } from "react";
import { toast } from "@/hooks/use-toast";
import { i18n } from "@/lib/i18n";
import "../locale";

/** Seed §9: the copied mark resets after 2 s. */
export const COPY_RESET_MS = 2000;

/** Copies a link, toasts the seed's texts (§8) and remembers which one was copied for 2 s. */
export function useCopyLink() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy(key: string, text: string): Promise<void> {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setCopied(key);
      toast({ title: i18n.t("document:share.copied") });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), COPY_RESET_MS);
    } catch {
      toast({
        variant: "destructive",
        title: i18n.t("document:share.copyFailed"),
        description: i18n.t("document:share.copyFailedText"),
      });
    }
  }

  return { copied, copy };
}
