import { Link } from "wouter";
import { ShieldAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useUser } from "@/lib/auth";
import { forbiddenMessage } from "@/lib/forbidden";

/** Shown in place of a page whose purpose the signed-in role cannot carry out (e.g. /upload for a Viewer). */
export function NotAllowed({ doing }: { doing: string }) {
  const { data: user } = useUser();
  return (
    <Card className="mx-auto max-w-lg" data-testid="not-allowed">
      <CardContent className="space-y-4">
        <div className="flex items-center gap-2">
          <ShieldAlert className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">Not available for your role</h1>
        </div>
        <p className="text-muted-foreground" data-testid="text-not-allowed">
          {forbiddenMessage(user?.role, doing)} An Admin can change your role in Settings.
        </p>
        <Button asChild variant="outline">
          <Link href={paths.documents.getHref()}>Browse documents</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
