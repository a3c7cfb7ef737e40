import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Upload } from "lucide-react";
import { Can } from "@/components/can";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** A link to the upload page, shown only to those the server lets upload. */
export function UploadButton({ children, ...props }: Omit<ComponentProps<typeof Button>, "asChild">) {
  const { t } = useTranslation();
  return (
    <Can ability="uploadDocuments">
      <Button asChild {...props}>
        <Link href={paths.upload.getHref()}>
          <Upload aria-hidden="true" />
          {children ?? t("uploadDocument")}
        </Link>
      </Button>
    </Can>
  );
}
