import { describe, expect, it } from "vitest";
import { detectLanguage } from "./language";

/**
 * Real sentences from Debian's manual pages (apt-get's translations; dpkg-split's in Spanish; the
 * English from apt-get's own), one per language: each is told apart from the five others.
 */
const samples = {
  eng: "apt-get is the command-line tool for handling packages, and may be considered the user's back-end to other tools using the APT library. Several front-end interfaces exist, such as aptitude(8), synaptic(8) and wajig(1).",
  deu: "apt-get ist ein Befehlszeilenwerkzeug zur Handhabung von Paketen und könnte als »Backend« anderer Werkzeuge betrachtet werden, die die APT-Bibliothek benutzen. Es existieren mehrere »Oberflächenschnittstellen«, wie aptitude(8), synaptic(8) und wajig(1).",
  fra: "apt-get est le programme en ligne de commande pour la gestion des paquets. Il peut être considéré comme l'outil de base pour les autres programmes de la bibliothèque APT. Plusieurs interfaces utilisateur existent, comme aptitude(8), synaptic(8) and wajig(1).",
  spa: "dpkg-split separa un paquete binario de Debian en varias partes más pequeñas para luego volverlas a unir, posibilitando almacenar paquetes en dispositivos de poca capacidad, como disquetes.",
  ita: "apt-get è lo strumento a riga di comando per gestire pacchetti e può essere considerato il «backend» dell'utente per altri strumenti che usano la libreria APT. Esistono diversi «front-end» per interfaccia, come aptitude(8), synaptic(8) e wajig(1).",
  nld: 'apt-get is het gereedschap voor de commandoregel voor het behandelen van pakketten. Het kan door de gebruiker beschouwd worden als zijn "backend" (het basisinstrument) voor andere gereedschappen die gebruik maken van de bibliotheek van APT.',
} as const;

describe("a text's language", () => {
  it.each(Object.entries(samples))("is %s for its sample", (code, text) => {
    expect(detectLanguage(text)).toBe(code);
  });

  it("is not guessed from too little text, nor from numbers, links and markup", () => {
    expect(detectLanguage("Quellen")).toBeNull();
    expect(detectLanguage("")).toBeNull();
    expect(
      detectLanguage("# 2026-11-28 | 42 | 3.14 | https://example.org/a/b/c?d=e ---\n\n| --- | --- |"),
    ).toBeNull();
  });
});
