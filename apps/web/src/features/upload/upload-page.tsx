import { useTranslation } from "react-i18next";
import { Brain, CheckCircle2, FileText, GitBranch } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { UploadForm } from "./components/upload-form";
import "./locale";

const nextSteps = [
  { icon: FileText, key: "processing" },
  { icon: Brain, key: "ai" },
  { icon: GitBranch, key: "versions" },
] as const;

const guidelines = ["types", "size", "several", "ocr", "title"] as const;

/** Seed §2 Upload: the form beside the 'What happens next?' and 'Upload Guidelines' cards. */
export function UploadPage() {
  const { t } = useTranslation("upload");
  return (
    <div className="space-y-6" data-testid="upload-page">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="self-start lg:col-span-2">
          <CardContent>
            <UploadForm />
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("nextTitle")}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-4">
                {nextSteps.map(({ icon: Icon, key }) => (
                  <li key={key} className="flex gap-3">
                    <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <div>
                      <p className="font-medium">{t(`next.${key}Title`)}</p>
                      <p className="text-sm text-muted-foreground">{t(`next.${key}Text`)}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("guidelinesTitle")}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2 text-sm">
                {guidelines.map((line) => (
                  <li key={line} className="flex gap-2">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    <span>{t(`guidelines.${line}`)}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
