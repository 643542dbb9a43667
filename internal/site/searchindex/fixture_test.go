package searchindex

// fixtureDocs is a small bilingual site for the tests.
func fixtureDocs() []Document {
	return []Document{
		{
			URL: "manuals/deploy-container/", Name: "deploy-container", Title: "Deploying a container",
			Summary:  "Build an image, push it to the registry and roll it out to the cluster.",
			Triggers: []string{"deploy", "container", "rollout", "Bereitstellung"}, RequiresTools: []string{"kubectl"},
			Body: "Use this manual when a service must be deployed. Build the image with docker build, " +
				"tag it with the release version and push it. Then apply the deployment manifest and watch " +
				"the rollout until every replica is ready. Roll back with kubectl rollout undo when the " +
				"health checks fail.",
		},
		{
			URL: "manuals/datenbank-sicherung/", Name: "datenbank-sicherung", Title: "Datenbanksicherung",
			Summary:  "Sichert eine Postgres-Datenbank und prüft die Wiederherstellung.",
			Triggers: []string{"Sicherung", "backup", "Datenbank"}, Audience: "arthur",
			Body: "Dieses Handbuch beschreibt, wie die Datenbank täglich gesichert wird. Die Sicherungen " +
				"werden verschlüsselt und an einem zweiten Ort gespeichert. Nach jeder Sicherung wird eine " +
				"Prüfung der Wiederherstellung durchgeführt, damit im Ernstfall keine Überraschungen auftreten. " +
				"Größere Datenbanken brauchen mehr Speicherplatz auf der Straße zum Rechenzentrum.",
		},
		{
			URL: "manuals/image-resize/", Name: "image-resize", Title: "Resizing images",
			Summary:  "Scale and crop images for thumbnails and previews.",
			Triggers: []string{"image", "resize", "thumbnail", "Bild"},
			Body: "Images are resized with the convert command. Keep the aspect ratio, crop to the focal " +
				"point and write progressive JPEG files. Thumbnails are cached for a day.",
		},
		{
			URL: "manuals/email-send/", Name: "email-send", Title: "Sending email",
			Summary:  "Compose and send a message with attachments.",
			Triggers: []string{"email", "mail", "attachment", "Nachricht"}, Audience: "eddie",
			Body: "Compose the message, attach the files and send it through the configured relay. " +
				"Large attachments are uploaded and linked instead.",
		},
		{
			URL: "manuals/kalender-termine/", Name: "kalender-termine", Title: "Termine im Kalender",
			Summary:  "Legt Termine an, verschiebt sie und lädt Teilnehmer ein.",
			Triggers: []string{"Termin", "Kalender", "calendar", "meeting"},
			Body: "Ein Termin wird mit Titel, Beginn und Dauer angelegt. Teilnehmer werden per Einladung " +
				"benachrichtigt; Änderungen an einem Termin werden allen Teilnehmern übermittelt.",
		},
	}
}
