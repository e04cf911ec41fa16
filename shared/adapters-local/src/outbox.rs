//! Local outbox: every mail is kept (in memory and appended to `<DATA_DIR>/outbox.jsonl`) and its link is logged,
//! so a person running `make run`, or a test, can follow it.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use async_trait::async_trait;
use bt_app::mail::{Mail, MailError, Mailer, SentMail};

pub struct Outbox {
    file: Option<PathBuf>,
    mails: Mutex<Vec<SentMail>>,
    /// Test hook: when set, every send fails (to prove callers cope with mail outages).
    failing: std::sync::atomic::AtomicBool,
}

impl Outbox {
    pub fn new(file: Option<PathBuf>) -> Self {
        let mails = file
            .as_ref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .map(|text| text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect())
            .unwrap_or_default();
        Outbox { file, mails: Mutex::new(mails), failing: Default::default() }
    }

    pub fn set_failing(&self, failing: bool) {
        self.failing.store(failing, std::sync::atomic::Ordering::SeqCst);
    }
}

#[async_trait]
impl Mailer for Outbox {
    async fn send(&self, mail: Mail) -> Result<(), MailError> {
        if self.failing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(MailError("outbox set to fail".into()));
        }
        let sent = SentMail { id: ulid::Ulid::new().to_string(), mail, sent_at: chrono::Utc::now().to_rfc3339() };
        tracing::info!(
            to = %sent.mail.to,
            subject = %sent.mail.subject,
            link = sent.mail.link.as_deref().unwrap_or(""),
            "mail kept in the local outbox"
        );
        if let Some(path) = &self.file {
            let line = serde_json::to_string(&sent).map_err(|e| MailError(e.to_string()))?;
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| MailError(e.to_string()))?;
            writeln!(f, "{line}").map_err(|e| MailError(e.to_string()))?;
        }
        self.mails.lock().unwrap_or_else(|p| p.into_inner()).push(sent);
        Ok(())
    }

    fn sent(&self) -> Option<Vec<SentMail>> {
        Some(self.mails.lock().unwrap_or_else(|p| p.into_inner()).clone())
    }
}
