import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FileText } from "lucide-react";
import type { Document } from "@quire/contracts";
import { cn } from "@/lib/utils";
import "@/components/locale";

/**
 * A document's first page, small, in a page-shaped box of fixed proportion (3:4), so nothing
 * moves when the image arrives; a neutral page with an icon when it has none (not drawn yet, or
 * it could not be) or it fails to load. The server says whether one exists (`thumbnailUrl`), so
 * no request is made for one that is absent. Images load lazily: a long grid fetches what is seen.
 */
export function DocumentThumbnail({
  document,
  className,
  testId,
}: {
  document: Pick<Document, "id" | "title" | "thumbnailUrl">;
  /** Sets the width (the height follows the 3:4 box). */
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("shared");
  const url = document.thumbnailUrl ?? null;
  // Remembered per address: a new version's thumbnail is tried even after an old one failed.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = url !== null && failed !== url;
  return (
    <div
      className={cn("relative aspect-[3/4] shrink-0 overflow-hidden rounded-md border bg-muted", className)}
      data-testid={testId}
      data-thumbnail={shown ? "image" : "placeholder"}
    >
      {shown ? (
        <img
          src={url}
          alt={t("thumbnail.alt", { title: document.title })}
          loading="lazy"
          decoding="async"
          // The stored image's size (320 wide, page-shaped): the box fixes the layout, these the ratio hint.
          width={320}
          height={427}
          className="size-full bg-white object-cover object-top"
          onError={() => setFailed(url)}
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground">
          <FileText className="size-1/3 max-h-10 max-w-10" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
