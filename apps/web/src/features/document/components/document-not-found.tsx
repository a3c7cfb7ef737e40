import { FileX } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** Seed §2/§8: the detail and raw pages' message, or the clean view's own (`message`). */
export function DocumentNotFound({
  message = "The document you're looking for doesn't exist or you don't have permission to view it.",
}: {
  message?: string;
}) {
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center"
      data-testid="document-not-found"
    >
      <FileX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Document Not Found</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild>
        <Link href={paths.documents.getHref()} data-testid="link-back-to-documents">
          Back to Documents
        </Link>
      </Button>
    </div>
  );
}
