import { Brain, CheckCircle2, FileText, GitBranch } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { UploadForm } from "./components/upload-form";

const nextSteps = [
  {
    icon: FileText,
    title: "File processing",
    text: "Your file is converted to markdown for reading and search; the original is kept unchanged.",
  },
  {
    icon: Brain,
    title: "AI analysis",
    text: "Quire summarises the content, flags risks and suggests improvements.",
  },
  {
    icon: GitBranch,
    title: "Version control",
    text: "The upload becomes version 1; later edits and uploads are kept as new versions you can compare.",
  },
] as const;

const guidelines = [
  "Accepted types: .pdf, .docx, .txt, .md",
  "Maximum size: 10MB per file",
  "Several files per upload; each becomes its own document",
  "Scanned PDFs are read with OCR, which takes a little longer",
  "The title is the one inside the file (or its first heading) unless you type one",
] as const;

/** Seed §2 Upload: the form beside the 'What happens next?' and 'Upload Guidelines' cards. */
export function UploadPage() {
  return (
    <div className="space-y-6" data-testid="upload-page">
      <PageHeader title="Upload Documents" description="Add documents to the archive as new Drafts." />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="self-start lg:col-span-2">
          <CardContent>
            <UploadForm />
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>What happens next?</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-4">
                {nextSteps.map(({ icon: Icon, title, text }) => (
                  <li key={title} className="flex gap-3">
                    <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <div>
                      <p className="font-medium">{title}</p>
                      <p className="text-sm text-muted-foreground">{text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Upload Guidelines</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2 text-sm">
                {guidelines.map((line) => (
                  <li key={line} className="flex gap-2">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    <span>{line}</span>
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
