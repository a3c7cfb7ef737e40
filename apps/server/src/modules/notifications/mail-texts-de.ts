import type { MailTexts } from "./mail-texts-shape";

/** German: the same words as the web's notifications catalogue, and the e-mail's own. */
export const de: MailTexts = {
  mail: {
    open: "In Quire öffnen: {{link}}",
    why: "Sie erhalten diese E-Mail, weil E-Mail-Benachrichtigungen in Ihren Quire-Einstellungen eingeschaltet sind.",
  },
  stage: {
    Review: "Prüfung",
    Approval: "Freigabe",
  },
  role: {
    Admin: "Administrator",
    Author: "Autor",
    Reviewer: "Prüfer",
    Approver: "Freigeber",
    Viewer: "Leser",
  },
  messages: {
    mentioned: {
      title: "In einem Kommentar erwähnt",
      body: "{{by}} hat Sie in einem Kommentar zu „{{document}}“ (Version {{version}}) erwähnt",
    },
    reviewRequested: {
      title: "Prüfung angefordert",
      body: "{{by}} bittet Sie, „{{document}}“ (Version {{version}}) zu prüfen",
    },
    nextStageReview: {
      title: "Prüfung angefordert",
      body: "„{{document}}“ hat die vorherige Phase durchlaufen und wartet auf Ihre Prüfung",
    },
    readyForApproval: {
      title: "Bereit zur Freigabe",
      body: "„{{document}}“ hat die Prüfung durchlaufen und wartet auf Ihre Entscheidung",
    },
    changesRequested: {
      title: "Änderungen angefordert",
      body: "{{by}} hat Änderungen an „{{document}}“ angefordert",
      body_comment: "{{by}} hat Änderungen an „{{document}}“ angefordert: {{comment}}",
    },
    sentBack: {
      title: "Änderungen angefordert",
      body: "{{by}} hat „{{document}}“ zur Überarbeitung zurückgegeben",
      body_comment: "{{by}} hat „{{document}}“ zur Überarbeitung zurückgegeben: {{comment}}",
    },
    approved: {
      title: "Dokument freigegeben",
      body: "{{by}} hat „{{document}}“ freigegeben",
      body_comment: "{{by}} hat „{{document}}“ freigegeben: {{comment}}",
    },
    rejected: {
      title: "Dokument abgelehnt",
      body: "{{by}} hat „{{document}}“ abgelehnt",
      body_comment: "{{by}} hat „{{document}}“ abgelehnt: {{comment}}",
    },
    reviewWithdrawn: {
      title: "Prüfung zurückgezogen",
      body: "Die Prüfung von „{{document}}“ endete ohne Entscheidung: {{reason}}. Das Dokument ist wieder ein Entwurf und kann erneut eingereicht werden.",
      reasons: {
        replaced: "Version {{version}} hat Version {{replaced}} ersetzt, den Text in Prüfung",
        replacedNobodyLeft:
          "Version {{version}} hat Version {{replaced}} ersetzt, den Text in Prüfung, und seine Prüfer oder sein Freigeber können nicht mehr handeln",
        restarted: "Version {{version}} hat Version {{replaced}} während der Prüfung ersetzt",
        archived: "das Dokument wurde archiviert",
        roleChanged: "{{user}} hat nicht mehr die Rolle, die diese Prüfung braucht (jetzt {{role}})",
        cannotOpen_access: "kein Zugriff mehr für {{users}} nach einer Änderung der Zugriffsrechte",
        cannotOpen_disabled: "kein Zugriff mehr für {{users}} (Konto deaktiviert)",
        cannotOpen_startup:
          "kein Zugriff mehr für {{users}} (beim Start festgestellt: eine frühere Änderung der Zugriffsrechte oder ein deaktiviertes Konto ließ die Prüfung warten)",
        overdue: "{{stage}} war am {{dueOn}} fällig; wartet auf {{waiting}}",
        overdue_nobody: "{{stage}} war am {{dueOn}} fällig; niemand kann mehr handeln",
        someone: "eine zugewiesene Person",
      },
    },
    newVersion: {
      title: "Neue Version zu prüfen",
      body: "{{by}} hat Version {{version}} von „{{document}}“ hinzugefügt; die Prüfung beginnt mit der neuen Version von vorn",
    },
    reviewDueToday: {
      title: "Prüfung heute fällig",
      body: "Die Phase „{{stage}}“ von „{{document}}“ ist heute fällig und wartet auf Sie",
    },
    reviewDueTomorrow: {
      title: "Prüfung morgen fällig",
      body: "Die Phase „{{stage}}“ von „{{document}}“ ist morgen ({{dueOn}}) fällig und wartet auf Sie",
    },
    reviewOverdue: {
      title: "Prüfung überfällig",
      body: "Die Phase „{{stage}}“ von „{{document}}“ war am {{dueOn}} fällig und wartet noch auf {{waiting}}",
      body_nobody:
        "Die Phase „{{stage}}“ von „{{document}}“ war am {{dueOn}} fällig, und niemand, auf den sie wartet, kann noch handeln",
    },
    periodicReviewDue: {
      title: "Periodische Überprüfung fällig",
      body: "„{{document}}“ ist am {{reviewOn}} zur Überprüfung fällig: Bestätigen Sie Version {{version}} erneut oder überarbeiten Sie sie",
    },
    periodicReviewLapsed: {
      title: "Periodische Überprüfung abgelaufen",
      body: "„{{document}}“ war am {{reviewOn}} zur Überprüfung fällig: Bestätigen Sie Version {{version}} erneut oder überarbeiten Sie sie",
    },
    acknowledgementRequested: {
      title: "Bitte lesen und bestätigen",
      body: "„{{document}}“, Version {{version}}: Bitte lesen Sie das Dokument und bestätigen Sie die Kenntnisnahme",
    },
    acknowledgementReminder: {
      title: "Erinnerung: lesen und bestätigen",
      body: "„{{document}}“, Version {{version}}, wartet noch auf Ihre Bestätigung der Kenntnisnahme",
    },
    staleReviewDate: {
      title: "Überprüfung fällig: {{document}}",
      body: "Das Überprüfungsdatum ({{reviewDate}}) ist seit {{days}} Tagen überschritten. Bitte prüfen Sie das Dokument und bestätigen oder aktualisieren Sie seinen Inhalt.",
    },
    staleUnchanged: {
      title: "Überprüfung fällig: {{document}}",
      body: "Das Dokument nennt kein Überprüfungsdatum und wurde seit {{days}} Tagen nicht geändert. Bitte prüfen Sie es und bestätigen oder aktualisieren Sie seinen Inhalt.",
    },
    stuckReminder: {
      title: "Erinnerung: „{{document}}“ prüfen",
      body: "Das Dokument wartet seit {{days}} Tagen auf Ihre Prüfung.",
    },
    duplicateArchived: {
      title: "Archiviert: {{document}}",
      body: "Als Beinahe-Duplikat von „{{newer}}“ archiviert, das es ersetzt. Falls das nicht stimmt, stellen Sie es auf der Dokumentseite wieder her.",
    },
    nearDuplicate: {
      title: "Beinahe-Duplikat: {{document}}",
      body: "„{{newer}}“ wiederholt den größten Teil davon. Archivieren Sie die ältere Fassung, sobald die neuere freigegeben ist.",
    },
  },
};
