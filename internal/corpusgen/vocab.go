package corpusgen

// term is one word of the technical vocabulary, in English and German.
type term struct{ en, de string }

// domains are the subjects of manual families (and of flat manuals).
var domains = []term{
	{"image", "Bild"}, {"chart", "Diagramm"}, {"mindmap", "Gedankenkarte"}, {"video", "Video"},
	{"document", "Dokument"}, {"table", "Tabelle"}, {"calendar", "Kalender"}, {"email", "E-Mail"},
	{"database", "Datenbank"}, {"backup", "Sicherung"}, {"deployment", "Bereitstellung"}, {"container", "Container"},
	{"cluster", "Cluster"}, {"certificate", "Zertifikat"}, {"password", "Passwort"}, {"login", "Anmeldung"},
	{"invoice", "Rechnung"}, {"payment", "Zahlung"}, {"search", "Suche"}, {"index", "Suchindex"},
	{"cache", "Zwischenspeicher"}, {"queue", "Warteschlange"}, {"log", "Protokoll"}, {"metric", "Kennzahl"},
	{"alert", "Alarm"}, {"dashboard", "Übersichtsseite"}, {"report", "Bericht"}, {"translation", "Übersetzung"},
	{"upload", "Hochladen"}, {"download", "Herunterladen"}, {"file", "Datei"}, {"folder", "Ordner"},
	{"permission", "Berechtigung"}, {"user", "Benutzer"}, {"team", "Mannschaft"}, {"role", "Rolle"},
	{"token", "Zugangstoken"}, {"session", "Sitzung"}, {"network", "Netzwerk"}, {"firewall", "Brandschutzmauer"},
	{"proxy", "Vermittler"}, {"dns", "Namensauflösung"}, {"domain", "Domäne"}, {"server", "Server"},
	{"process", "Prozess"}, {"thread", "Faden"}, {"memory", "Arbeitsspeicher"}, {"disk", "Festplatte"},
	{"storage", "Speicher"}, {"bucket", "Ablage"}, {"schema", "Schema"}, {"migration", "Migration"},
	{"query", "Abfrage"}, {"transaction", "Transaktion"}, {"lock", "Sperre"}, {"webhook", "Rückruf"},
	{"api", "Schnittstelle"}, {"endpoint", "Endpunkt"}, {"request", "Anfrage"}, {"response", "Antwort"},
	{"exception", "Ausnahme"}, {"test", "Prüfung"}, {"build", "Erstellung"}, {"release", "Veröffentlichung"},
	{"version", "Fassung"}, {"branch", "Zweig"}, {"merge", "Zusammenführung"}, {"review", "Durchsicht"},
	{"pipeline", "Fließband"}, {"job", "Auftrag"}, {"schedule", "Zeitplan"}, {"reminder", "Erinnerung"},
	{"notification", "Benachrichtigung"}, {"chat", "Unterhaltung"}, {"message", "Nachricht"}, {"attachment", "Anhang"},
	{"contact", "Kontakt"}, {"address", "Anschrift"}, {"map", "Landkarte"}, {"location", "Standort"},
	{"weather", "Wetter"}, {"currency", "Währung"}, {"tax", "Steuer"}, {"contract", "Vertrag"},
	{"customer", "Kunde"}, {"order", "Bestellung"}, {"shipment", "Lieferung"}, {"inventory", "Lagerbestand"},
	{"product", "Produkt"}, {"price", "Preis"}, {"discount", "Rabatt"}, {"survey", "Umfrage"},
	{"form", "Formular"}, {"signature", "Unterschrift"}, {"pdf", "PDF-Datei"}, {"spreadsheet", "Tabellenkalkulation"},
	{"slide", "Folie"}, {"presentation", "Präsentation"}, {"graph", "Graph"}, {"tree", "Baum"},
	{"timeline", "Zeitleiste"}, {"kanban", "Kanbantafel"}, {"task", "Aufgabe"}, {"project", "Projekt"},
	{"milestone", "Meilenstein"}, {"budget", "Budget"}, {"timesheet", "Zeiterfassung"}, {"audit", "Revision"},
	{"compliance", "Regelkonformität"}, {"privacy", "Datenschutz"}, {"encryption", "Verschlüsselung"}, {"key", "Schlüssel"},
	{"secret", "Geheimnis"}, {"vault", "Tresor"}, {"sandbox", "Sandkasten"}, {"plugin", "Erweiterung"},
	{"addon", "Zusatzmodul"}, {"theme", "Farbschema"}, {"font", "Schriftart"}, {"color", "Farbe"},
	{"icon", "Symbol"}, {"screenshot", "Bildschirmfoto"}, {"audio", "Tonspur"}, {"speech", "Sprachausgabe"},
	{"transcript", "Abschrift"}, {"subtitle", "Untertitel"}, {"camera", "Kamera"}, {"scanner", "Scanner"},
	{"printer", "Drucker"}, {"barcode", "Strichcode"}, {"qrcode", "QR-Code"}, {"sensor", "Messfühler"},
	{"device", "Gerät"}, {"firmware", "Firmware"}, {"update", "Aktualisierung"}, {"installer", "Installation"},
	{"config", "Konfiguration"}, {"environment", "Umgebung"}, {"variable", "Variable"}, {"template", "Vorlage"},
	{"prompt", "Eingabeaufforderung"}, {"embedding", "Einbettung"}, {"model", "Sprachmodell"}, {"dataset", "Datensatz"},
	{"training", "Training"}, {"evaluation", "Auswertung"}, {"benchmark", "Leistungsmessung"}, {"crawler", "Webcrawler"},
	{"scraper", "Auslese"}, {"feed", "Nachrichtenstrom"}, {"rss", "RSS-Feed"}, {"sitemap", "Seitenübersicht"},
	{"cookie", "Keks"}, {"consent", "Einwilligung"}, {"newsletter", "Rundbrief"}, {"ticket", "Ticket"},
	{"incident", "Störung"}, {"outage", "Ausfall"}, {"oncall", "Bereitschaft"}, {"runbook", "Betriebshandbuch"},
	{"kubernetes", "Kubernetes"}, {"docker", "Docker"}, {"terraform", "Terraform"}, {"ansible", "Ansible"},
	{"postgres", "Postgres"}, {"redis", "Redis"}, {"kafka", "Kafka"}, {"elasticsearch", "Elasticsearch"},
	{"s3", "S3-Speicher"}, {"git", "Git"}, {"github", "GitHub"}, {"slack", "Slack"},
	{"oauth", "OAuth"}, {"saml", "SAML"}, {"ldap", "Verzeichnisdienst"}, {"sso", "Einmalanmeldung"},
	{"geocoding", "Geokodierung"}, {"routing", "Wegführung"}, {"ocr", "Texterkennung"}, {"pagination", "Seitenumbruch"},
}

// areas qualify a domain into a family ("postgres-ops").
var areas = []string{"api", "cli", "web", "ops", "admin", "sdk", "workflow", "mobile", "desktop", "server",
	"client", "cloud", "local", "batch", "stream", "sync", "import", "export", "core", "tools"}

// aspects are what a manual of a family is about.
var aspects = []term{
	{"setup", "Einrichtung"}, {"troubleshooting", "Fehlersuche"}, {"limits", "Grenzwerte"}, {"formats", "Formate"},
	{"retries", "Wiederholungen"}, {"errors", "Fehlermeldungen"}, {"permissions", "Rechte"}, {"performance", "Leistung"},
	{"security", "Sicherheit"}, {"upgrade", "Umstieg"}, {"export", "Ausfuhr"}, {"import", "Einfuhr"},
	{"sync", "Abgleich"}, {"scheduling", "Planung"}, {"monitoring", "Überwachung"}, {"cleanup", "Bereinigung"},
	{"rollback", "Zurücksetzen"}, {"validation", "Prüfregeln"}, {"paging", "Blättern"}, {"filtering", "Filterung"},
	{"sorting", "Sortierung"}, {"batching", "Stapelverarbeitung"}, {"streaming", "Datenstrom"}, {"caching", "Pufferung"},
	{"rendering", "Darstellung"}, {"styling", "Gestaltung"}, {"localisation", "Lokalisierung"}, {"naming", "Benennung"},
	{"versioning", "Versionierung"}, {"archiving", "Archivierung"}, {"sharing", "Freigabe"}, {"quotas", "Kontingente"},
	{"pricing", "Preisgestaltung"}, {"auth", "Authentifizierung"}, {"hooks", "Haken"}, {"testing", "Testen"},
	{"debugging", "Fehlerbehebung"}, {"logging", "Protokollierung"}, {"inline", "eingebettet"}, {"stored", "gespeichert"},
	{"preview", "Vorschau"}, {"conversion", "Umwandlung"}, {"compression", "Komprimierung"}, {"search", "Durchsuchen"},
	{"templates", "Vorlagen"}, {"defaults", "Standardwerte"}, {"migration", "Übernahme"}, {"recovery", "Wiederherstellung"},
	{"alerts", "Warnungen"}, {"audit", "Nachverfolgung"}, {"limits-per-user", "Benutzergrenzen"}, {"bulk", "Massenbearbeitung"},
}

// engines are the engines of the generated recipes.
var engines = []string{"arthur", "eddie", "ford"}

// tools is the generated tool inventory, in order.
var tools = []struct{ name, desc string }{
	{"manual_read", "Read a manual by name."},
	{"manual_list", "List the manuals of this scope."},
	{"how_do_i", "Route a request to the right manual."},
	{"web_fetch", "Fetch a web page."},
	{"web_search", "Search the web."},
	{"doc_create", "Create or update a document of a kind."},
	{"doc_read", "Read a project document."},
	{"research_investigate", "Start a research investigation."},
	{"research_search", "Search research results."},
	{"calendar_create", "Create a calendar entry."},
	{"kanban_move", "Move a card on a kanban board."},
	{"code_run", "Run code in a sandbox."},
	{"shell_exec", "Run a shell command."},
	{"image_generate", "Generate an image."},
	{"mail_send", "Send an email."},
}

// kinds are the inline-renderable document kinds of kind-* manuals.
var kinds = []string{"chart", "graph", "mindmap", "diagram", "timeline", "records", "tree", "list"}

// langs are the code fence languages, with a weight each.
var fenceLangs = []string{"bash", "bash", "python", "python", "go", "json", "json", "yaml", "yaml", "typescript", "sql", "text", ""}

// Sentences. {T} is the domain, {A} the aspect, {X} a tool, {N} a number.
var sentencesEN = []string{
	"Use this when the user asks about {A} for {T} and expects a concrete answer, not a general explanation.",
	"The {T} service applies {A} on every request; a missing field is rejected with a clear error.",
	"Call `{X}` first and read its result before you change anything about the {T}.",
	"Keep the {T} small: {N} items per call is the limit, larger batches are split automatically.",
	"If the {T} does not appear within {N} seconds, check the {A} settings before retrying.",
	"Never promise the user that {A} is impossible: the runtime supports it, and this manual shows how.",
	"The default for {A} is conservative; raise it only when the user asks for it explicitly.",
	"Write the {T} in UTF-8 and keep one entry per line, so diffs stay readable.",
	"Prefer the short form; the long form exists for {A} edge cases only.",
	"When {A} fails, the error names the field and the line; quote it back to the user verbatim.",
	"Every {T} carries an id; refer to it instead of repeating the content.",
	"The result of `{X}` is cached for {N} minutes, so a second call right away returns the same data.",
	"Ask one clarifying question when the {T} is ambiguous, then act; do not ask twice.",
	"A {T} without {A} works, but the user sees raw text instead of the rendered view.",
	"Do not wrap the stored body of a {T} in a code fence; the codec persists it as is.",
	"The {A} step is idempotent: running it twice leaves the {T} unchanged.",
	"Large {T} exports stream in chunks of {N} kilobytes; show progress instead of waiting silently.",
	"Check the permissions of the {T} before sharing it; a read-only link is the safe default.",
	"Timestamps in the {T} are UTC; convert them to the user's time zone only for display.",
	"The {T} API returns {N} results per page; follow the cursor for the rest.",
}

var sentencesDE = []string{
	"Verwende dieses Handbuch, wenn nach {A} für {T} gefragt wird und eine konkrete Antwort erwartet wird.",
	"Der Dienst für {T} wendet {A} bei jeder Anfrage an; ein fehlendes Feld wird mit einer klaren Meldung abgelehnt.",
	"Rufe zuerst `{X}` auf und lies das Ergebnis, bevor du etwas an {T} änderst.",
	"Halte {T} klein: {N} Einträge pro Aufruf sind die Grenze, größere Stapel werden automatisch geteilt.",
	"Erscheint {T} nicht innerhalb von {N} Sekunden, prüfe die Einstellungen für {A}, bevor du es erneut versuchst.",
	"Sage nie, dass {A} unmöglich ist: die Laufzeitumgebung unterstützt es, und dieses Handbuch zeigt wie.",
	"Der Standardwert für {A} ist vorsichtig gewählt; erhöhe ihn nur auf ausdrücklichen Wunsch.",
	"Schreibe {T} in UTF-8, ein Eintrag pro Zeile, damit Änderungen lesbar bleiben.",
	"Wenn {A} fehlschlägt, nennt die Meldung Feld und Zeile; gib sie wörtlich weiter.",
	"Jede {T} hat eine Kennung; verweise darauf, statt den Inhalt zu wiederholen.",
	"Das Ergebnis von `{X}` wird {N} Minuten zwischengespeichert.",
	"Stelle eine Rückfrage, wenn {T} mehrdeutig ist, und handle dann; frage nicht zweimal.",
	"Zeitangaben in {T} sind UTC; rechne sie nur für die Anzeige in die Zeitzone des Benutzers um.",
	"Die Schnittstelle liefert {N} Ergebnisse pro Seite; folge dem Cursor für den Rest.",
}

var bulletsEN = []string{
	"the user asks to {A} a {T}",
	"a `{X}` call returned an error about {A}",
	"the {T} is larger than {N} entries",
	"the user mentions {T} and {A} in one request",
	"a previous answer claimed that {A} is not supported",
	"the {T} must be shared with another team",
}

var bulletsDE = []string{
	"der Benutzer möchte {T} mit {A} bearbeiten",
	"ein Aufruf von `{X}` meldet einen Fehler bei {A}",
	"{T} hat mehr als {N} Einträge",
	"eine frühere Antwort behauptete, {A} sei nicht möglich",
}

// Headings of the recommended structure (seed 000 §3) and of topic
// sections.
var (
	scaffoldEN = []string{"When to use", "Instructions", "Examples", "Troubleshooting", "Anti-patterns", "Limitations", "Steps", "Notes"}
	scaffoldDE = []string{"Wann verwenden", "Anleitung", "Beispiele", "Fehlersuche", "Hinweise", "Schritte", "Voraussetzungen"}
	topicEN    = []string{"{A} in detail", "How {T} stores {A}", "Choosing a {A} strategy", "{A} across teams", "Large {T} sets",
		"{A} and quotas", "Moving {T} between projects", "{A} for administrators", "Edge cases of {A}", "{T} on mobile"}
	topicDE = []string{"{A} im Detail", "Größe und Grenzen von {T}", "{A} für Administratoren", "Sonderfälle bei {A}",
		"{T} zwischen Projekten verschieben", "Übergänge und Ausnahmen"}
)
