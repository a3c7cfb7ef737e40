import type { ComponentProps } from "react";
import { Link } from "wouter";
import { Upload } from "lucide-react";
import { Can } from "@/components/can";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** A link to the upload page, shown only to those the server lets upload. */
export function UploadButton({
  children = "Upload Document",
  ...props
}: Omit<ComponentProps<typeof Button>, "asChild">) {
  return (
    <Can ability="uploadDocuments">
      <Button asChild {...props}>
        <Link href={paths.upload.getHref()}>
          <Upload aria-hidden="true" />
          {children}
        </Link>
      </Button>
    </Can>
  );
}
