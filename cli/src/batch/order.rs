//! Writing in input order ([`write_in_order`]): blocks handed to the
//! workers as they are read, their answers held until every earlier block
//! is written.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, Sender, TryRecvError};

use super::parallel::{Event, Work};
use super::progress::Progress;
use crate::Failure;

/// The writer, on the calling thread: hands the blocks read to the
/// workers and writes their answers in input order, flushing whenever no
/// answer is ready. Returns once every block of the input is written, or
/// at the first error (dropping `work`, which ends the workers).
pub(super) fn write_in_order<W: Write>(
    events: &Receiver<Event>,
    work: Sender<Work>,
    pool: &Sender<Vec<u8>>,
    out: &mut W,
    mut progress: Progress,
) -> Result<(), Failure> {
    let (mut handed, mut written) = (0u64, 0u64);
    let mut ready: BTreeMap<u64, (io::Result<u64>, Vec<u8>)> = BTreeMap::new();
    let mut spare: Vec<Vec<u8>> = Vec::new();
    let mut ended = None;
    loop {
        if ended.is_some() && written == handed {
            break;
        }
        let event = match events.try_recv() {
            Ok(event) => event,
            Err(TryRecvError::Empty) => {
                // Nothing ready: let whoever reads the output see it all.
                out.flush().map_err(Failure::stdout)?;
                match events.recv() {
                    Ok(event) => event,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        match event {
            Event::Read(input, len) => {
                let output = spare.pop().unwrap_or_default();
                let seq = handed;
                if work
                    .send(Work {
                        seq,
                        input,
                        len,
                        output,
                    })
                    .is_err()
                {
                    break;
                }
                handed += 1;
            }
            Event::End(result) => ended = Some(result),
            Event::Done {
                seq,
                answered,
                input,
                output,
            } => {
                let _ = pool.send(input);
                ready.insert(seq, (answered, output));
                while let Some((answered, output)) = ready.remove(&written) {
                    let answered = answered.map_err(Failure::stdout)?;
                    out.write_all(&output).map_err(Failure::stdout)?;
                    progress.tick(answered);
                    spare.push(output);
                    written += 1;
                }
            }
        }
    }
    progress.finish();
    match ended {
        Some(Err(e)) => Err(Failure::ReadInput(e)),
        _ => Ok(()),
    }
}
