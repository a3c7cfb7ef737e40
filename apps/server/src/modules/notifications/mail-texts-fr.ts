import type { MailTexts } from "./mail-texts-shape";

/** French: the same words as the web's notifications catalogue, and the e-mail's own. */
export const fr: MailTexts = {
  mail: {
    open: "Ouvrir dans Quire : {{link}}",
    why: "Vous recevez ce message parce que les notifications par e-mail sont activées dans vos paramètres Quire.",
  },
  stage: {
    Review: "Relecture",
    Approval: "Approbation",
  },
  role: {
    Admin: "Administrateur",
    Author: "Auteur",
    Reviewer: "Relecteur",
    Approver: "Approbateur",
    Viewer: "Lecteur",
  },
  messages: {
    mentioned: {
      title: "Mention dans un commentaire",
      body: "{{by}} vous a mentionné dans un commentaire sur « {{document}} » (version {{version}})",
    },
    reviewRequested: {
      title: "Relecture demandée",
      body: "{{by}} vous demande de relire « {{document}} » (version {{version}})",
    },
    nextStageReview: {
      title: "Relecture demandée",
      body: "« {{document}} » a franchi l’étape précédente et attend votre relecture",
    },
    readyForApproval: {
      title: "Prêt pour approbation",
      body: "« {{document}} » a passé la revue et attend votre décision",
    },
    changesRequested: {
      title: "Modifications demandées",
      body: "{{by}} a demandé des modifications sur « {{document}} »",
      body_comment: "{{by}} a demandé des modifications sur « {{document}} » : {{comment}}",
    },
    sentBack: {
      title: "Modifications demandées",
      body: "{{by}} a renvoyé « {{document}} » pour modifications",
      body_comment: "{{by}} a renvoyé « {{document}} » pour modifications : {{comment}}",
    },
    approved: {
      title: "Document approuvé",
      body: "{{by}} a approuvé « {{document}} »",
      body_comment: "{{by}} a approuvé « {{document}} » : {{comment}}",
    },
    rejected: {
      title: "Document rejeté",
      body: "{{by}} a rejeté « {{document}} »",
      body_comment: "{{by}} a rejeté « {{document}} » : {{comment}}",
    },
    reviewWithdrawn: {
      title: "Revue retirée",
      body: "La revue de « {{document}} » s’est terminée sans décision : {{reason}}. Le document est de nouveau un brouillon et peut être soumis à nouveau.",
      reasons: {
        replaced: "la version {{version}} a remplacé la version {{replaced}}, le texte en revue",
        replacedNobodyLeft:
          "la version {{version}} a remplacé la version {{replaced}}, le texte en revue, et ses relecteurs ou son approbateur ne peuvent plus agir",
        restarted: "La version {{version}} a remplacé la version {{replaced}} pendant la revue",
        archived: "le document a été archivé",
        roleChanged: "{{user}} n’a plus le rôle requis par cette revue (désormais {{role}})",
        cannotOpen_access: "plus d’accès pour {{users}} après un changement des droits d’accès",
        cannotOpen_disabled: "plus d’accès pour {{users}} (compte désactivé)",
        cannotOpen_startup:
          "plus d’accès pour {{users}} (constaté au démarrage : un changement d’accès antérieur ou un compte désactivé laissait la revue en attente)",
        overdue: "{{stage}} était due le {{dueOn}} ; en attente de {{waiting}}",
        overdue_nobody: "{{stage}} était due le {{dueOn}} ; plus personne ne peut agir",
        someone: "une personne assignée",
      },
    },
    newVersion: {
      title: "Nouvelle version à relire",
      body: "{{by}} a ajouté la version {{version}} de « {{document}} » ; la revue reprend sur la nouvelle version",
    },
    reviewDueToday: {
      title: "Relecture à rendre aujourd’hui",
      body: "L’étape « {{stage}} » de « {{document}} » arrive à échéance aujourd’hui et attend votre action",
    },
    reviewDueTomorrow: {
      title: "Relecture à rendre demain",
      body: "L’étape « {{stage}} » de « {{document}} » arrive à échéance demain ({{dueOn}}) et attend votre action",
    },
    reviewOverdue: {
      title: "Revue en retard",
      body: "L’étape « {{stage}} » de « {{document}} » arrivait à échéance le {{dueOn}} et attend toujours {{waiting}}",
      body_nobody:
        "L’étape « {{stage}} » de « {{document}} » arrivait à échéance le {{dueOn}} et plus personne parmi ceux qu’elle attend ne peut agir",
    },
    periodicReviewDue: {
      title: "Revue périodique à effectuer",
      body: "« {{document}} » doit être revu le {{reviewOn}} : confirmez à nouveau la version {{version}} ou révisez-la",
    },
    periodicReviewLapsed: {
      title: "Revue périodique expirée",
      body: "« {{document}} » devait être revu le {{reviewOn}} : confirmez à nouveau la version {{version}} ou révisez-la",
    },
    acknowledgementRequested: {
      title: "Veuillez lire et confirmer",
      body: "« {{document}} », version {{version}} : lisez-le et confirmez votre lecture",
    },
    acknowledgementReminder: {
      title: "Rappel : lire et confirmer",
      body: "« {{document}} », version {{version}}, attend toujours votre confirmation de lecture",
    },
    staleReviewDate: {
      title: "Revue à effectuer : {{document}}",
      body: "Sa date de revue ({{reviewDate}}) est dépassée depuis {{days}} jours. Veuillez le relire et confirmer ou mettre à jour son contenu.",
    },
    staleUnchanged: {
      title: "Revue à effectuer : {{document}}",
      body: "Il n’indique aucune date de revue et n’a pas changé depuis {{days}} jours. Veuillez le relire et confirmer ou mettre à jour son contenu.",
    },
    stuckReminder: {
      title: "Rappel : relire « {{document}} »",
      body: "Il attend votre relecture depuis {{days}} jours.",
    },
    duplicateArchived: {
      title: "Archivé : {{document}}",
      body: "Archivé comme quasi-doublon de « {{newer}} », qui le remplace. Restaurez-le depuis la page du document si c’est une erreur.",
    },
    nearDuplicate: {
      title: "Quasi-doublon : {{document}}",
      body: "« {{newer}} » en reprend l’essentiel. Archivez l’ancienne copie dès que la nouvelle est approuvée.",
    },
  },
};
