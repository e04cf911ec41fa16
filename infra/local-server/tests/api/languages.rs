//! The server's languages through the HTTP API: field errors in the request's language (German, French, Spanish;
//! English as it always was), the account's saved language before `Accept-Language`, the profile's language and its
//! refusal of others, the access token's `lng` claim, and mails, reminders and Break Buddy in the person's language.

use crate::support::*;
use bt_app::account::Role;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use reqwest::Method;
use serde_json::{json, Value};

/// An empty title on a task (422 on `title`) as someone whose browser asks for `accept_language`.
async fn task_without_title(app: &TestApp, token: &str, accept_language: &str, today: &str) -> Reply {
    app.call(Method::POST, "/task/add")
        .bearer(token)
        .header("accept-language", accept_language)
        .json(&a_task("", today))
        .send()
        .await
        .expect_error(422)
}

#[tokio::test]
async fn field_errors_speak_the_language_of_the_request() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let today = app.today(&ann);
    for (accept_language, title_required) in [
        ("de-DE,de;q=0.9,en;q=0.8", "Der Titel ist erforderlich."),
        ("fr", "Le titre est obligatoire."),
        ("es-MX, en;q=0.5", "El título es obligatorio."),
        // English, and a language the server does not speak, as it always was.
        ("en-GB", "Title is required."),
        ("pt-BR, ja;q=0.5", "Title is required."),
    ] {
        let refused = task_without_title(&app, &ann.token, accept_language, &today).await;
        assert_eq!(refused.field("title"), title_required, "{accept_language}");
        assert_eq!(refused.message(), title_required, "{accept_language}");
    }

    // Messages with values take them along; the body's shape stays the same.
    let long = app
        .call(Method::POST, "/task/add")
        .by(&ann)
        .header("accept-language", "de")
        .json(&a_task(&"x".repeat(201), &today))
        .send()
        .await
        .expect_error(422);
    assert_eq!(long.field("title"), "Der Titel darf höchstens 200 Zeichen lang sein.");
    assert_eq!(long.body.as_object().unwrap().keys().collect::<Vec<_>>(), ["errors", "message"]);

    // A kept answer given again to a retry speaks the retry's language.
    let retry = |language: &'static str| {
        app.call(Method::POST, "/task/add")
            .by(&ann)
            .header("idempotency-key", "one-task")
            .header("accept-language", language)
            .json(&a_task("", &today))
    };
    assert_eq!(retry("fr").send().await.expect_error(422).field("title"), "Le titre est obligatoire.");
    let again = retry("es").send().await.expect_error(422);
    assert_eq!(again.header("idempotency-replayed"), Some("true"));
    assert_eq!(again.field("title"), "El título es obligatorio.");

    // Errors before any account is read: a route no one serves, a body that is not JSON.
    let lost = app.call(Method::POST, "/nowhere").header("accept-language", "es").send().await.expect_error(404);
    assert_eq!(lost.message(), "No encontrado.");
    let garbled = app
        .call(Method::POST, "/task/add")
        .by(&ann)
        .header("accept-language", "fr")
        .header("content-type", "application/json")
        .body(b"{not json".to_vec())
        .send()
        .await
        .expect_error(400);
    assert_eq!(garbled.message(), "Le corps de la requête n’est pas un JSON valide.");
}

#[tokio::test]
async fn the_verification_mail_speaks_the_language_of_the_sign_up() {
    let app = spawn_app().await;
    for (language, subject, intro, action) in [
        (
            "de",
            "Bestätige deine E-Mail-Adresse für Breaktime",
            "Willkommen bei Breaktime, Ana Lima! Bitte bestätige deine E-Mail-Adresse, um dein Konto zu aktivieren.",
            "E-Mail-Adresse bestätigen",
        ),
        (
            "fr",
            "Vérifiez votre adresse e-mail Breaktime",
            "Bienvenue sur Breaktime, Ana Lima ! Veuillez confirmer votre adresse e-mail pour activer votre compte.",
            "Vérifier l’adresse e-mail",
        ),
        (
            "es",
            "Verifica tu correo electrónico de Breaktime",
            "¡Te damos la bienvenida a Breaktime, Ana Lima! Confirma tu correo electrónico para activar tu cuenta.",
            "Verificar correo electrónico",
        ),
    ] {
        let email = unique_email(&format!("Ana {language}"));
        let body = json!({ "name": "Ana Lima", "email": email, "password": PASSWORD });
        app.call(Method::POST, "/user/signup").header("accept-language", language).json(&body).send().await.expect(201);
        let mail = app.last_mail_to(&email).await;
        assert_eq!(mail["subject"], subject);
        let text = mail["text"].as_str().unwrap();
        assert!(text.starts_with(&format!("{intro}\n\n{action}: ")), "{text}");
        assert!(!text.contains("If you did not ask for this"), "{text}");
        assert!(mail["html"].as_str().unwrap().contains(action), "{mail}");

        // The account keeps the language of its sign-up; its access tokens carry it.
        app.verify(&email).await.expect(200);
        let ana = app.sign_in("Ana Lima", &email, PASSWORD).await;
        let profile = app.api.get("/user/profile", ana.token()).await.expect(200);
        assert_eq!(profile.data()["language"], language);
        let (_, claims, _) = jwt_parts(&ana.access_token);
        assert_eq!(claims["lng"], language);
        let refreshed = app.api.post("/auth/refresh-token", None, json!({ "refresh_token": ana.refresh_token })).await;
        let refreshed = refreshed.expect(200);
        let token = refreshed.data()["access_token"].as_str().or(refreshed.body["access_token"].as_str()).unwrap();
        assert_eq!(jwt_parts(token).1["lng"], language);
    }

    // Without Accept-Language: English, as before.
    let email = unique_email("Eve English");
    app.sign_up("Eve English", &email, PASSWORD).await.expect(201);
    assert_eq!(app.last_mail_to(&email).await["subject"], "Verify your Breaktime email");
}

#[tokio::test]
async fn a_saved_language_comes_before_accept_language() {
    let app = spawn_app().await;
    let bob = signed_in_user(&app, "Bob Martin").await;
    let profile = app.api.get("/user/profile", bob.token()).await.expect(200);
    assert_eq!(profile.data()["language"], "en");
    let (_, claims, _) = jwt_parts(&bob.access_token);
    assert_eq!(claims["lng"], "en");

    let saved = app.api.put("/user/profile", bob.token(), json!({ "language": "fr" })).await.expect(200);
    assert_eq!(saved.data()["language"], "fr");
    assert_eq!(saved.data()["name"], "Bob Martin", "the other fields stay");

    // The account is read on every request: the token issued before the change speaks French at once, whatever
    // the browser asks for.
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let refused = task_without_title(&app, &bob.access_token, "de-DE,de;q=0.9", &today).await;
    assert_eq!(refused.field("title"), "Le titre est obligatoire.");
    // Mail too: a forgotten password is mailed in French.
    app.call(Method::POST, "/user/forgot-password")
        .header("accept-language", "es")
        .json(&json!({ "email": bob.email }))
        .send()
        .await
        .expect(200);
    assert_eq!(app.last_mail_to(&bob.email).await["subject"], "Réinitialisez votre mot de passe Breaktime");
    // A new sign-in carries it in its token.
    let again = app.log_in(&bob.email, PASSWORD).await.expect(200);
    let token = again.data()["access_token"].as_str().unwrap().to_string();
    assert_eq!(jwt_parts(&token).1["lng"], "fr");

    // Back to English: the same request is English again.
    app.api.put("/user/profile", bob.token(), json!({ "language": "en" })).await.expect(200);
    let refused = task_without_title(&app, &bob.access_token, "de", &today).await;
    assert_eq!(refused.field("title"), "Title is required.");
}

#[tokio::test]
async fn a_language_the_server_does_not_speak_is_refused_on_its_field() {
    let app = spawn_app().await;
    let cy = app.person("Cy").await;
    for refused in ["pt", "DE", "de-AT", ""] {
        let reply = app.put(&cy, "/user/profile", json!({ "language": refused })).await.expect_error(422);
        assert_eq!(reply.field("language"), "Choose one of: en, de, fr, es.", "{refused:?}");
    }
    let spanish = app
        .call(Method::PUT, "/user/profile")
        .by(&cy)
        .header("accept-language", "es")
        .json(&json!({ "language": "pt", "timeZone": "Europe/Madrid" }))
        .send()
        .await
        .expect_error(422);
    assert_eq!(spanish.field("language"), "Elige una de estas: en, de, fr, es.");
    // Nothing of a refused change is kept.
    let profile = app.get(&cy, "/user/profile").await.expect(200);
    assert_eq!((profile.data()["language"].as_str(), profile.data()["timeZone"].as_str()), (Some("en"), Some("UTC")));
    let wrong_type = app.put(&cy, "/user/profile", json!({ "language": 7 })).await.expect_error(422);
    assert!(!wrong_type.field("language").is_empty());
}

/// A break from 22:00 to 06:01: its end is read as the next day, and 8 h 1 min is too long.
#[tokio::test]
async fn a_break_too_long_past_midnight_is_refused_in_the_persons_language() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    // A day long past: the end's next day is no day in the future either.
    let day = "2024-05-06";
    let next_day = [
        (
            "de",
            "Eine Pause darf nicht länger als 8 Stunden sein. Die Endzeit liegt vor der Startzeit und wurde daher als \
             nächster Tag gewertet.",
        ),
        (
            "fr",
            "Une pause ne peut pas dépasser 8 heures. L’heure de fin étant antérieure à l’heure de début, elle a été \
             comptée le lendemain.",
        ),
        (
            "es",
            "Un descanso no puede durar más de 8 horas. La hora de fin es anterior a la de inicio, así que se ha \
             tomado como del día siguiente.",
        ),
        ("en", "Break cannot be more than 8 hours. The end time is before the start time, so it was taken as the next day."),
    ];
    for (language, message) in next_day {
        let refused = app
            .call(Method::POST, "/break/add")
            .by(&ann)
            .header("accept-language", language)
            .json(&a_break(day, "22:00", "06:01"))
            .send()
            .await
            .expect_error(422);
        assert_eq!(refused.field("endTime"), message, "{language}");
    }
    // Break Buddy leaves the end out of its proposal and says why, in the account's language.
    for (language, message) in next_day {
        speaks(&app, &ann, language).await;
        let proposal = ask(&app, Some(&ann), "en", "lunch break from 10 pm to 7 am").await;
        assert_eq!(proposal["problems"]["endTime"], message, "{language}: {proposal}");
    }
}

async fn speaks(app: &TestApp, who: &Person, language: &str) {
    app.put(who, "/user/profile", json!({ "language": language })).await.expect(200);
}

#[tokio::test]
async fn leave_notices_reach_each_person_in_their_language() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    speaks(&app, &ann, "fr").await;
    speaks(&app, &hal, "es").await;
    speaks(&app, &bob, "de").await;
    let today = app.today(&bob);

    let id = app.post(&bob, "/leaves/add", json!({ "fromDate": today, "toDate": today, "reason": "Family" })).await;
    let id = id.expect(201).id();
    let last_to =
        |who: &Person| app.mails_sent().into_iter().rev().find(|m| m["to"] == who.email.as_str()).expect("a mail");
    let to_ann = last_to(&ann);
    assert_eq!(to_ann["subject"], "Demande de congé de Bob");
    let text = to_ann["text"].as_str().unwrap();
    assert!(
        text.starts_with(&format!("Bob demande un congé (Vacances) le {today} (1 jour). Motif : Family")),
        "{text}"
    );
    assert!(text.contains("Ouvrir Breaktime: "), "{text}");
    assert!(text.contains("Vous recevez cet e-mail car les demandes de congé à approuver sont activées"), "{text}");
    assert_eq!(last_to(&hal)["subject"], "Solicitud de ausencia de Bob");

    app.send(Some(&hal), Method::POST, &format!("/leaves/approve/{id}"), None).await.expect(200);
    let to_bob = last_to(&bob);
    assert_eq!(to_bob["subject"], "Dein Abwesenheitsantrag wurde genehmigt");
    let text = to_bob["text"].as_str().unwrap();
    assert!(text.starts_with(&format!("Hal hat deine Abwesenheit (Urlaub) am {today} (1 Tag) genehmigt.")), "{text}");
}

#[tokio::test]
async fn reminders_and_invitations_speak_the_recipients_language() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    speaks(&app, &ann, "de").await;
    let open = app.post(&ann, "/break/start", json!({ "type": "Coffee Break" })).await.expect(201);
    let since = DateTime::parse_from_rfc3339(open.data()["since"].as_str().unwrap()).unwrap().with_timezone(&Utc);
    let at = (since + Duration::minutes(61)).to_rfc3339_opts(SecondsFormat::Secs, true);
    app.api.post("/dev/scheduler/run", None, json!({ "now": at })).await.expect(200);
    let mail = app.mails_sent().into_iter().rev().find(|m| m["to"] == ann.email.as_str()).expect("a reminder");
    assert_eq!(mail["subject"], "Noch in der Pause?");
    let text = mail["text"].as_str().unwrap();
    assert!(text.starts_with("Deine Pause (Kaffeepause) hat um "), "{text}");
    assert!(text.contains("(vor 60 Minuten)") && text.contains("Jetzt beenden: "), "{text}");
    assert!(mail["html"].as_str().unwrap().contains(">Abbestellen</a>"), "{mail}");

    // An invitation to an address without an account speaks the inviter's language; to an account, its own.
    let newcomer = unique_email("New Comer");
    app.post(&ann, "/admin/invite", json!({ "email": newcomer, "role": "member" })).await.expect(201);
    let mail = app.last_mail_to(&newcomer).await;
    assert_eq!(mail["subject"], "Ann hat dich zu Ann's team auf Breaktime eingeladen");
    assert!(mail["text"].as_str().unwrap().contains("als Mitglied beizutreten"), "{mail}");
    let rosa = app.person("Rosa").await;
    speaks(&app, &rosa, "es").await;
    app.post(&ann, "/admin/invite", json!({ "email": rosa.email, "role": "hr" })).await.expect(201);
    let mail = app.last_mail_to(&rosa.email).await;
    assert_eq!(mail["subject"], "Ann te ha invitado a Ann's team en Breaktime");
    assert!(mail["text"].as_str().unwrap().contains("como RR. HH."), "{mail}");
}

async fn ask(app: &TestApp, who: Option<&Person>, accept_language: &str, message: &str) -> Value {
    let mut call = app.call(Method::POST, "/assistant/ask").header("accept-language", accept_language);
    if let Some(who) = who {
        call = call.by(who);
    }
    call.json(&json!({ "message": message })).send().await.expect(200).data().clone()
}

#[tokio::test]
async fn break_buddy_answers_in_the_persons_language_and_says_it_reads_english() {
    let app = spawn_app().await;
    // A guest: Accept-Language. The help keeps its English examples and says that English is what it reads.
    let help = ask(&app, None, "de", "help").await;
    let summary = help["summary"].as_str().unwrap();
    assert!(summary.starts_with("Ich bin Break Buddy."), "{summary}");
    assert!(summary.contains("'coffee break from 3 to 3:15 pm'"), "{summary}");
    assert!(
        summary.ends_with("Break Buddy versteht Sätze auf Englisch – bitte schreib ihm auf Englisch."),
        "{summary}"
    );
    let english = ask(&app, None, "en", "help").await;
    assert!(!english["summary"].as_str().unwrap().contains("Englisch"));
    let guest = ask(&app, None, "es", "coffee break from 3 to 3:15 pm").await;
    assert_eq!(guest["summary"], "Primero tienes que iniciar sesión para crear o actualizar registros.");

    // Signed in: the account's language, whatever the browser asks for.
    let ann = app.person("Ann").await;
    speaks(&app, &ann, "fr").await;
    let nobody = ask(&app, Some(&ann), "de", "who is on break?").await;
    assert_eq!(nobody["summary"], "Personne n’est en pause en ce moment.");
    let proposal = ask(&app, Some(&ann), "de", "coffee break from 3 to 3:15 pm").await;
    let summary = proposal["summary"].as_str().unwrap();
    assert!(summary.starts_with("Voici votre pause (Pause café) le "), "{summary}");
    assert!(summary.contains(", 15:00 à 15:15."), "{summary}");
    // What it understood is the same in every language.
    assert_eq!(proposal["actions"][0]["startTime"], "15:00");

    // Its own field errors follow the language too.
    let refused = app
        .call(Method::POST, "/assistant/ask")
        .header("accept-language", "es")
        .json(&json!({ "message": "" }))
        .send()
        .await
        .expect_error(422);
    assert_eq!(refused.field("message"), "El mensaje es obligatorio.");
}
